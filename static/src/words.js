// The page's words for its scripts: the catalog's, written by the server on an element's
// data attributes (templates/_offline.html), never a copy in a script.

// The data attributes of the element ``id``, or an empty object when the page has none.
export function wordsOf(id, doc = document) {
  const element = doc.getElementById(id);
  return element ? element.dataset : {};
}

// The page's words with their one number in place: "%(num)s", or the number 987654321
// that the template gave to words written with "%(n)d".
export function format(text, values) {
  const value = values[Object.keys(values)[0]];
  return String(text).replace(/%\((\w+)\)s|987654321/g, () => String(value));
}
