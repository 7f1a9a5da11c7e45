/** Who fills a field a document brings: a signer_title (or, outside templates, an e-mail) or a 1-based position among the signers. */
export type SignerReference = string | number;

/** `form_field_map`: PDF field names, or prefixes ending in `*`, to the signer who fills those fields (docs/api/form-fields.md). */
export type FormFieldMap = Readonly<Record<string, SignerReference>>;

const isPrefix = (key: string): boolean => key.endsWith('*');

/**
 * The signer a form field is mapped to, or null when no key matches. A key naming the field exactly
 * wins over every prefix; among prefixes the longest wins (`buyer.address.*` over `buyer.*` over
 * `*`), so a map can give a whole section to one signer and single fields of it to another. Only a
 * trailing `*` is a wildcard, and names compare exactly (case included), as PDF readers compare them.
 */
export const mappedSigner = (map: FormFieldMap, fieldName: string): SignerReference | null => {
  if (Object.hasOwn(map, fieldName) && !isPrefix(fieldName)) return map[fieldName]!;
  let best: string | undefined;
  for (const key of Object.keys(map)) {
    if (!isPrefix(key) || !fieldName.startsWith(key.slice(0, -1))) continue;
    if (best === undefined || key.length > best.length) best = key;
  }
  return best === undefined ? null : map[best]!;
};
