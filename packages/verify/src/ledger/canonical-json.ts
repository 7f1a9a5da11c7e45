import canonicalizeModule from 'canonicalize';

// canonicalize is CommonJS (`module.exports = fn`) but its typings declare an ES default export,
// so under NodeNext TypeScript types the default import as the module namespace; at run time it is the function.
const canonicalize = canonicalizeModule as unknown as typeof canonicalizeModule.default;

/** RFC 8785 (JSON Canonicalization Scheme) text of a JSON value: the bytes the ledger hashes and signs. */
export const canonicalJson = (value: object): string => {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('The value has no JSON representation.');
  return text;
};
