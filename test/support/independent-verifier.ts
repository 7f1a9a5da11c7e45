/**
 * A verifier of sealed PDFs written from docs/verification.md alone, as another implementation would
 * be: it imports nothing of the service (only node:crypto and node:zlib), parses the PDF bytes and
 * the CMS by hand, and follows the document's steps in order. Each step below names its section.
 */
import { X509Certificate, createHash, createPublicKey, verify } from 'node:crypto';
import { inflateSync } from 'node:zlib';

export interface Step {
  step: string;
  ok: boolean;
  detail: string;
}

export interface Verification {
  valid: boolean;
  steps: Step[];
  record: Record<string, any> | undefined;
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
};
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const unhex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

// --- §1 The seal: ByteRange and Contents -------------------------------------------------------

interface SignatureDictionary {
  byteRange: [number, number, number, number];
  contents: Uint8Array;
  subFilter: string;
}

/** §1.1: every signature dictionary, in file order: its /ByteRange, /Contents and /SubFilter. */
const signatureDictionaries = (pdf: Uint8Array): SignatureDictionary[] => {
  const text = latin1(pdf);
  const found: SignatureDictionary[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const byteRange = match.slice(1, 5).map(Number) as [number, number, number, number];
    const [, firstLength, secondStart] = byteRange;
    const gap = text.slice(firstLength, secondStart);
    if (!/^<[0-9a-fA-F]*>$/.test(gap)) continue;
    // The dictionary around the ByteRange: from its `obj` to its `endobj`.
    const start = text.lastIndexOf(' obj', match.index);
    const end = text.indexOf('endobj', match.index);
    const dictionary = text.slice(start, end);
    found.push({
      byteRange,
      contents: unhex(gap.slice(1, -1)),
      subFilter: /\/SubFilter\s*\/([A-Za-z0-9.#]+)/.exec(dictionary)?.[1] ?? '',
    });
  }
  return found;
};

// --- §2 A minimal DER reader ---------------------------------------------------------------------

interface Der {
  tag: number;
  /** The whole element: tag, length and content. */
  raw: Uint8Array;
  content: Uint8Array;
}

const readDer = (bytes: Uint8Array, offset = 0): Der => {
  const tag = bytes[offset]!;
  let length = bytes[offset + 1]!;
  let header = 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    if (octets < 1 || octets > 4) throw new Error('unsupported DER length');
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + bytes[offset + 2 + i]!;
    header += octets;
  }
  if (offset + header + length > bytes.length) throw new Error('DER element runs past its container');
  return {
    tag,
    raw: bytes.subarray(offset, offset + header + length),
    content: bytes.subarray(offset + header, offset + header + length),
  };
};

const children = (element: Der): Der[] => {
  const list: Der[] = [];
  for (let offset = 0; offset < element.content.length;) {
    const child = readDer(element.content, offset);
    list.push(child);
    offset += child.raw.length;
  }
  return list;
};

const oid = (element: Der): string => {
  const bytes = element.content;
  const parts = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
  let value = 0;
  for (const byte of bytes.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
};

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
};
const DIGESTS: Record<string, string> = { [OID.sha256]: 'sha256', [OID.sha384]: 'sha384', [OID.sha512]: 'sha512' };

interface SignerInfo {
  certificates: X509Certificate[];
  serialNumber: string;
  digestAlgorithm: string;
  /** The signed attributes as DER SET (tag 0x31): the bytes the signature is over. */
  signedAttributes: Uint8Array;
  messageDigest: Uint8Array;
  signature: Uint8Array;
}

/** §2: ContentInfo → SignedData → the one SignerInfo, its signed attributes and the certificates. */
const parseCms = (contents: Uint8Array): SignerInfo => {
  const contentInfo = readDer(contents);
  const [contentType, explicit] = children(contentInfo);
  if (!contentType || oid(contentType) !== OID.signedData || explicit?.tag !== 0xa0) throw new Error('not a CMS SignedData');
  const signedData = children(explicit)[0]!;
  const fields = children(signedData);
  const certificates = fields
    .filter((f) => f.tag === 0xa0)
    .flatMap(children)
    .map((c) => new X509Certificate(Buffer.from(c.raw)));
  const signerInfo = children(fields.at(-1)!)[0]!;
  const [, sid, digestAlgorithm, ...rest] = children(signerInfo);
  const attributes = rest.find((f) => f.tag === 0xa0);
  const signature = rest.find((f) => f.tag === 0x04);
  if (!sid || !digestAlgorithm || !attributes || !signature) throw new Error('the SignerInfo lacks signed attributes or a signature');
  const serial = children(sid)[1];
  if (!serial) throw new Error('the signer is not identified by issuer and serial number');
  let messageDigest: Uint8Array | undefined;
  for (const attribute of children(attributes)) {
    const [type, values] = children(attribute);
    if (type && values && oid(type) === OID.messageDigest) messageDigest = children(values)[0]?.content;
  }
  if (!messageDigest) throw new Error('no messageDigest signed attribute');
  const signedAttributes = Uint8Array.from(attributes.raw);
  signedAttributes[0] = 0x31;
  return {
    certificates,
    serialNumber: hex(serial.content)
      .replace(/^0+(?=.)/, '')
      .toUpperCase(),
    digestAlgorithm: oid(children(digestAlgorithm)[0]!),
    signedAttributes,
    messageDigest,
    signature: signature.content,
  };
};

// --- §3 Chain to the published root --------------------------------------------------------------

const chainsTo = (signer: X509Certificate, pool: X509Certificate[], root: X509Certificate): boolean => {
  let current = signer;
  for (let depth = 0; depth < 10; depth++) {
    if (current.checkIssued(root) && current.verify(root.publicKey)) return true;
    const issuer = pool.find((c) => c !== current && current.checkIssued(c) && current.verify(c.publicKey));
    if (!issuer) return false;
    current = issuer;
  }
  return false;
};

// --- §4 The completion record --------------------------------------------------------------------

const RECORD_NAME = 'countersign-record.json';

/** §4: the file specification named countersign-record.json, its /EF /F stream, inflated, parsed. */
const readRecord = (signed: Uint8Array): Record<string, any> => {
  const text = latin1(signed);
  const spec = new RegExp(`/F\\s*\\(${RECORD_NAME.replace('.', '\\.')}\\)[\\s\\S]*?/EF\\s*<<\\s*/F\\s+(\\d+)\\s+(\\d+)\\s+R`).exec(text);
  if (!spec) throw new Error('no embedded file named countersign-record.json');
  const header = `${spec[1]} ${spec[2]} obj`;
  const at = text.lastIndexOf(header);
  if (at < 0) throw new Error(`object ${spec[1]} is not in the file`);
  const streamAt = text.indexOf('stream', at);
  const dictionary = text.slice(at, streamAt);
  const length = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)?.[1]);
  if (!Number.isInteger(length)) throw new Error('the record stream has no direct /Length');
  const dataAt = streamAt + 'stream'.length + (text[streamAt + 6] === '\r' ? 2 : 1);
  const data = signed.subarray(dataAt, dataAt + length);
  const json = /\/Filter\s*\/FlateDecode/.test(dictionary) ? inflateSync(data) : Buffer.from(data);
  return JSON.parse(json.toString('utf8'));
};

// --- §5 The ledger proof and the signed tree head -----------------------------------------------

const leafHashOf = (entryHashHex: string) => sha256(Uint8Array.of(0), unhex(entryHashHex));
const nodeHash = (left: Uint8Array, right: Uint8Array) => sha256(Uint8Array.of(1), left, right);

/** RFC 8785 for the JSON this procedure signs: objects with keys sorted by UTF-16 code units, strings and integers. */
const canonical = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
};

const ed25519 = (publicKeyBase64: string) =>
  createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKeyBase64, 'base64').toString('base64url') }, format: 'jwk' });

/** §5.3: the tree head's signature by the ledger key. */
export const treeHeadSigned = (head: Record<string, any>, ledgerPublicKey: string): boolean => {
  const signed = Buffer.from(canonical({ tree_size: head.tree_size, root_hash: head.root_hash, timestamp: head.timestamp }), 'utf8');
  try {
    return head.public_key === ledgerPublicKey && verify(null, signed, ed25519(ledgerPublicKey), Buffer.from(head.signature, 'base64'));
  } catch {
    return false;
  }
};

/** §5.2: RFC 9162 §2.1.3.2. */
export const inclusionHolds = (leaf: Uint8Array, index: number, size: number, path: Uint8Array[], root: Uint8Array): boolean => {
  if (index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && same(r, root);
};

/** §6.3: RFC 9162 §2.1.4.2. */
export const consistencyHolds = (first: number, second: number, proof: Uint8Array[], firstRoot: Uint8Array, secondRoot: Uint8Array) => {
  if (first === second) return proof.length === 0 && same(firstRoot, secondRoot);
  if (first < 1 || first > second) return false;
  const path = Number.isInteger(Math.log2(first)) ? [firstRoot, ...proof] : proof;
  if (!path.length) return false;
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && same(fr, firstRoot) && same(sr, secondRoot);
};

// --- The procedure -------------------------------------------------------------------------------

/** §1–§5: the sealed file alone, against the root certificate and ledger key published at /ledger/trust. */
export const verifySealedFile = (pdf: Uint8Array, trust: { root_certificate_pem: string; ledger_public_key: string }): Verification => {
  const steps: Step[] = [];
  const step = (name: string, ok: boolean, detail: string) => {
    steps.push({ step: name, ok, detail });
    return ok;
  };
  const done = (record?: Record<string, any>): Verification => ({ valid: steps.every((s) => s.ok), steps, record });
  try {
    const seals = signatureDictionaries(pdf).filter((s) => s.subFilter !== 'ETSI.RFC3161');
    const seal = seals.at(-1);
    if (!step('1.1 signature dictionary', seal !== undefined, seal ? seal.subFilter : 'none')) return done();
    const [start, firstLength, secondStart, secondLength] = seal!.byteRange;
    const reachesEnd = start === 0 && secondStart + secondLength === pdf.length;
    if (!step('1.2 byte range covers the file', reachesEnd, seal!.byteRange.join(' '))) return done();
    const signed = Buffer.concat([pdf.subarray(0, firstLength), pdf.subarray(secondStart, secondStart + secondLength)]);

    const cms = parseCms(seal!.contents);
    const algorithm = DIGESTS[cms.digestAlgorithm];
    if (!step('2.1 digest algorithm', algorithm !== undefined, cms.digestAlgorithm)) return done();
    const digest = createHash(algorithm!).update(signed).digest();
    if (!step('2.2 messageDigest', same(digest, cms.messageDigest), hex(digest))) return done();
    const signer = cms.certificates.find((c) => c.serialNumber.replace(/^0+(?=.)/, '').toUpperCase() === cms.serialNumber);
    if (!step('2.3 signer certificate', signer !== undefined, signer?.subject ?? 'not among the certificates')) return done();
    const signatureHolds = verify(algorithm!, cms.signedAttributes, signer!.publicKey, cms.signature);
    if (!step('2.4 signature over the signed attributes', signatureHolds, signer!.subject)) return done();

    const root = new X509Certificate(trust.root_certificate_pem);
    if (!step('3 chain to the published root', chainsTo(signer!, cms.certificates, root), root.subject)) return done();

    const record = readRecord(signed);
    if (!step('4 completion record', typeof record.ledger_head_hash === 'string', record.envelope_id)) return done(record);

    const proof = record.ledger_proof;
    if (!step('5.1 ledger proof present', proof && typeof proof === 'object', `block ${proof?.block_number}`)) return done(record);
    const leaf = leafHashOf(record.ledger_head_hash);
    step('5.1 leaf hash', hex(leaf) === proof.leaf_hash, proof.leaf_hash);
    const head = proof.tree_head;
    step(
      '5.2 inclusion in the sealed head',
      head.tree_size === proof.tree_size &&
        inclusionHolds(leaf, proof.block_number - 1, proof.tree_size, proof.audit_path.map(unhex), unhex(head.root_hash)),
      `${proof.block_number} of ${proof.tree_size}`,
    );
    step('5.3 sealed head signed by the ledger key', treeHeadSigned(head, trust.ledger_public_key), head.timestamp);
    return done(record);
  } catch (error) {
    step('parse', false, (error as Error).message);
    return done();
  }
};

/** §6: online, that the service's log still holds the sealed entry, and grew only by appending. */
export const verifyOnline = async (record: Record<string, any>, baseUrl: string, ledgerPublicKey: string): Promise<Step[]> => {
  const get = async (path: string) => (await (await fetch(`${baseUrl}/api/v2.0${path}`)).json()).data;
  const sealed = record.ledger_proof;
  const head = await get('/ledger/head');
  const proof = await get(`/ledger/proof/${sealed.block_number}?tree_size=${head.tree_size}`);
  const consistency = await get(`/ledger/consistency?from=${sealed.tree_size}&to=${head.tree_size}`);
  const leaf = leafHashOf(record.ledger_head_hash);
  return [
    { step: '6.1 current head signed by the ledger key', ok: treeHeadSigned(head, ledgerPublicKey), detail: `${head.tree_size}` },
    {
      step: '6.2 inclusion in the current head',
      ok:
        proof.leaf_hash === hex(leaf) &&
        inclusionHolds(leaf, sealed.block_number - 1, head.tree_size, proof.audit_path.map(unhex), unhex(head.root_hash)),
      detail: `${sealed.block_number} of ${head.tree_size}`,
    },
    {
      step: '6.3 current head extends the sealed head',
      ok: consistencyHolds(
        sealed.tree_size,
        head.tree_size,
        consistency.proof.map(unhex),
        unhex(sealed.tree_head.root_hash),
        unhex(head.root_hash),
      ),
      detail: `${sealed.tree_size} → ${head.tree_size}`,
    },
  ];
};

const PERSONAL_KEYS = ['actor', 'description', 'ip_address', 'user_agent'];

/** §7.1: what an entry's hash covers: every key but entry_hash (format 1); format 2 leaves out the personal keys and their salt. */
const hashedPart = (entry: Record<string, any>): Record<string, unknown> => {
  const { entry_hash: _entryHash, ...hashed } = entry;
  if (entry.format !== 2) return hashed;
  return Object.fromEntries(Object.entries(hashed).filter(([key]) => key !== 'personal_salt' && !PERSONAL_KEYS.includes(key)));
};

/** §7.1: a format-2 entry's personal keys against personal_hash, unless an erasure dropped the salt. */
const personalHolds = (entry: Record<string, any>): boolean => {
  if (entry.format !== 2 || entry.personal_salt === null) return true;
  const personal = Object.fromEntries(PERSONAL_KEYS.map((key) => [key, entry[key]]));
  return hex(sha256(Buffer.from(entry.personal_salt + canonical(personal), 'utf8'))) === entry.personal_hash;
};

/** §7: an envelope's audit_logs: the entry-hash chain of docs/concepts/ledger.md and the ledger key's head signature. */
export const verifyAuditLogs = (logs: Record<string, any>, ledgerPublicKey: string): Step[] => {
  let previous = '0'.repeat(64);
  let chained = true;
  for (const entry of logs.entries) {
    const hashed = hashedPart(entry);
    chained &&=
      entry.previous_hash === previous &&
      hex(sha256(Buffer.from(previous + canonical(hashed), 'utf8'))) === entry.entry_hash &&
      personalHolds(entry);
    previous = entry.entry_hash;
  }
  const signed = Buffer.from(canonical({ envelope_id: logs.envelope_id, head_hash: logs.head_hash }), 'utf8');
  let headSigned = false;
  try {
    headSigned = verify(null, signed, ed25519(ledgerPublicKey), Buffer.from(logs.head_signature, 'base64'));
  } catch {
    headSigned = false;
  }
  return [
    { step: '7.1 entry-hash chain', ok: chained && previous === logs.head_hash, detail: `${logs.entries.length} entries` },
    { step: '7.2 head signature', ok: headSigned, detail: logs.head_hash },
  ];
};
