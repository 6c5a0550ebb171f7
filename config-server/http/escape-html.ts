const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The one escaper for text the server writes into HTML or XML (drawn pages' title and lang, the sandbox's asset pages
 * and SVG pictures): safe in element content and in attribute values quoted either way. React escapes its own markup.
 */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]);
