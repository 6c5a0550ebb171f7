/** A property the form does not edit (child slots: the outline edits them; the element's type). Its value is kept. */
export default function HiddenField() {
  return null;
}
