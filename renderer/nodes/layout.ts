/** CSS classes of the shared layout props (gap, padding, alignment). */
export function layoutClasses(node: {
  gap?: string;
  padding?: string;
  align?: string;
  justify?: string;
  wrap?: boolean;
}): string {
  return [
    node.gap && `sdui-gap-${node.gap}`,
    node.padding && `sdui-pad-${node.padding}`,
    node.align && `sdui-align-${node.align}`,
    node.justify && `sdui-justify-${node.justify}`,
    node.wrap && 'sdui-wrap',
  ]
    .filter(Boolean)
    .join(' ');
}
