import 'reflect-metadata';
import { createHash } from 'node:crypto';
import * as pkijs from 'pkijs';
import * as x509 from '@peculiar/x509';
import type { Check } from '../check.js';

export interface SignerSummary {
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
}

export interface CmsVerification {
  checks: Check[];
  signer: SignerSummary | null;
  signedAt: string | null;
  timestamped: boolean;
}

const OID = {
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
} as const;

const DIGESTS: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/**
 * Our own engine, passed to every pkijs call: @libpdf/core installs its engine as pkijs' global one when
 * it signs, and that engine's digest() breaks when pkijs passes the algorithm as a plain name.
 */
const engine = new pkijs.CryptoEngine({ name: 'countersign-verify', crypto: globalThis.crypto });

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

const equalBytes = (a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array): boolean =>
  Buffer.from(a instanceof Uint8Array ? a : new Uint8Array(a)).equals(Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)));

/** The zero padding after the DER in /Contents is ignored by the BER reader. */
const parseSignedData = (der: ArrayBuffer): pkijs.SignedData => {
  const contentInfo = pkijs.ContentInfo.fromBER(der);
  if (contentInfo.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('the signature is not CMS SignedData');
  return new pkijs.SignedData({ schema: contentInfo.content });
};

const attribute = (attributes: pkijs.Attribute[] | undefined, oid: string): pkijs.Attribute | undefined =>
  attributes?.find((attr) => attr.type === oid);

/** Attribute values are asn1js objects; asn1js is only reachable through pkijs, so read them by shape. */
const octets = (value: unknown): Uint8Array | undefined =>
  (value as { valueBlock?: { valueHexView?: Uint8Array } } | undefined)?.valueBlock?.valueHexView;

const asDate = (value: unknown): Date | null =>
  typeof (value as { toDate?: unknown } | undefined)?.toDate === 'function' ? (value as { toDate(): Date }).toDate() : null;

const digestOf = (algorithmOid: string, data: Uint8Array | ArrayBuffer): Buffer | undefined => {
  const name = DIGESTS[algorithmOid];
  return name
    ? createHash(name)
        .update(data instanceof Uint8Array ? data : new Uint8Array(data))
        .digest()
    : undefined;
};

const findSignerCertificate = (signedData: pkijs.SignedData, signerInfo: pkijs.SignerInfo): pkijs.Certificate | undefined => {
  const certificates = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const sid = signerInfo.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return certificates.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber));
  }
  return undefined;
};

const summarise = (certificate: pkijs.Certificate): SignerSummary => {
  const parsed = new x509.X509Certificate(certificate.toSchema().toBER(false));
  return {
    subject: parsed.subject,
    issuer: parsed.issuer,
    notBefore: parsed.notBefore.toISOString(),
    notAfter: parsed.notAfter.toISOString(),
  };
};

const checkDocumentDigest = (signerInfo: pkijs.SignerInfo, signedBytes: Uint8Array): Check => {
  const recorded = octets(attribute(signerInfo.signedAttrs?.attributes, OID.messageDigest)?.values[0]);
  const actual = digestOf(signerInfo.digestAlgorithm.algorithmId, signedBytes);
  if (!recorded || !actual) {
    return { name: 'document digest', ok: false, detail: 'the signature carries no supported message digest' };
  }
  const ok = equalBytes(recorded, actual);
  return {
    name: 'document digest',
    ok,
    detail: ok ? `the signed bytes hash to the signed digest (${actual.toString('hex')})` : 'the signed bytes were modified after signing',
  };
};

const checkSignatureValue = async (signedData: pkijs.SignedData, signedBytes: Uint8Array): Promise<Check> => {
  try {
    const verified = await signedData.verify({ signer: 0, data: toArrayBuffer(signedBytes), checkChain: false }, engine);
    return {
      name: 'signature',
      ok: verified,
      detail: verified ? 'the CMS signature verifies with the signer certificate' : 'the CMS signature does not verify',
    };
  } catch (error) {
    return { name: 'signature', ok: false, detail: `the CMS signature does not verify: ${(error as Error).message}` };
  }
};

const checkSigningCertificateAttribute = (signerInfo: pkijs.SignerInfo): Check => {
  const ok = attribute(signerInfo.signedAttrs?.attributes, OID.signingCertificateV2) !== undefined;
  return {
    name: 'signing-certificate-v2',
    ok,
    detail: ok
      ? 'the signer certificate is bound by signing-certificate-v2 (PAdES)'
      : 'the signing-certificate-v2 attribute PAdES requires is missing',
  };
};

const isSelfSigned = (certificate: pkijs.Certificate): boolean => certificate.subject.isEqual(certificate.issuer);

const checkChain = async (
  signedData: pkijs.SignedData,
  signerCertificate: pkijs.Certificate,
  trustedCertificates: Uint8Array[] | undefined,
  at: Date,
): Promise<Check> => {
  const embedded = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const explicitTrust = trustedCertificates !== undefined && trustedCertificates.length > 0;
  const trustedCerts = explicitTrust
    ? trustedCertificates.map((der) => pkijs.Certificate.fromBER(toArrayBuffer(der)))
    : embedded.filter(isSelfSigned);
  if (trustedCerts.length === 0) {
    return { name: 'certificate chain', ok: false, detail: 'no trust anchor: the signature embeds no root certificate and none was given' };
  }
  const chainEngine = new pkijs.CertificateChainValidationEngine({
    trustedCerts,
    certs: [...embedded.filter((c) => !isSelfSigned(c) || c === signerCertificate), signerCertificate],
    checkDate: at,
  });
  const result = await chainEngine.verify({}, engine);
  const anchor = explicitTrust ? 'a trusted certificate' : 'the root certificate embedded in the signature';
  return {
    name: 'certificate chain',
    ok: result.result,
    detail: result.result
      ? `the signer certificate chains to ${anchor}`
      : `the signer certificate does not chain to ${anchor}: ${result.resultMessage}`,
  };
};

/** An RFC 3161 token checked against the data it claims to time-stamp. */
/** The token's content and signed attributes all say TSTInfo, and its imprint is the hash of `data`. */
const isTimestampOf = (tokenData: pkijs.SignedData, signerInfo: pkijs.SignerInfo, tstInfo: pkijs.TSTInfo, data: Uint8Array): boolean => {
  const signedContentType = attribute(signerInfo.signedAttrs?.attributes, OID.contentType)?.values[0] as
    { valueBlock?: { toString(): string } } | undefined;
  const imprint = digestOf(tstInfo.messageImprint.hashAlgorithm.algorithmId, data);
  const digestAlgorithms = tokenData.digestAlgorithms.map((algorithm) => algorithm.algorithmId);
  return (
    tokenData.encapContentInfo.eContentType === OID.tstInfo &&
    signedContentType?.valueBlock?.toString() === OID.tstInfo &&
    digestAlgorithms.includes(signerInfo.digestAlgorithm.algorithmId) &&
    imprint !== undefined &&
    equalBytes(imprint, tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView)
  );
};

/** How the TSA's certificate chains: to a root found in the token or the extra certificates, or not at all. */
export type TimestampChain = { state: 'verified'; root: string } | { state: 'broken'; reason: string } | { state: 'no root' };

/** An RFC 3161 token checked against the data it claims to time-stamp. */
export interface TimestampTokenVerification {
  ok: boolean;
  time: Date;
  /** Subject of the certificate that signed the token, when it embeds it. */
  authority: string | null;
  /** The TSA's chain from the token's certificates and these (e.g. the DSS's). */
  chainWith(extraCertificates: Uint8Array[]): Promise<TimestampChain>;
}

const parseCertificates = (ders: Uint8Array[]): pkijs.Certificate[] =>
  ders.flatMap((der) => {
    try {
      return [pkijs.Certificate.fromBER(toArrayBuffer(der))];
    } catch {
      return [];
    }
  });

/** A certificate whose issuer is among `certificates` must verify with one of them: none is a damaged spare. */
const firstDamaged = async (certificates: pkijs.Certificate[]): Promise<pkijs.Certificate | undefined> => {
  for (const certificate of certificates) {
    const issuers = certificates.filter((candidate) => candidate.subject.isEqual(certificate.issuer));
    if (issuers.length === 0) continue;
    const verdicts = await Promise.all(issuers.map((issuer) => certificate.verify(issuer, engine).catch(() => false)));
    if (!verdicts.includes(true)) return certificate;
  }
  return undefined;
};

/**
 * The TSA's chain, built from what the file holds (the token's certificates and `extraCertificates`,
 * e.g. the DSS): trust in a TSA is the reader's, but a chain that is there must hold together.
 */
const timestampChain = async (signer: pkijs.Certificate, certificates: pkijs.Certificate[], at: Date): Promise<TimestampChain> => {
  const roots = certificates.filter(isSelfSigned);
  if (roots.length === 0) return { state: 'no root' };
  const chainEngine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: roots,
    // pkijs takes the last certificate as the end entity and drops later duplicates: the signer goes last, once.
    certs: [...certificates.filter((c) => !isSelfSigned(c) && !equalBytes(c.tbsView, signer.tbsView)), signer],
    checkDate: at,
  });
  const result = await chainEngine.verify({}, engine);
  const root = result.certificatePath?.at(-1);
  if (!result.result || !root) return { state: 'broken', reason: result.resultMessage };
  const damaged = await firstDamaged(certificates);
  return damaged
    ? { state: 'broken', reason: `the certificate ${summarise(damaged).subject} is not intact` }
    : { state: 'verified', root: summarise(root).subject };
};

/**
 * Verifies an RFC 3161 time-stamp token (a CMS ContentInfo: DER bytes or its parsed ASN.1) over `data`:
 * pkijs checks both the TSA's signature and that the token's imprint is this data's hash. Throws when
 * the token cannot be read.
 */
export const verifyTimestampToken = async (token: unknown, data: Uint8Array): Promise<TimestampTokenVerification> => {
  const contentInfo =
    token instanceof Uint8Array ? pkijs.ContentInfo.fromBER(toArrayBuffer(token)) : new pkijs.ContentInfo({ schema: token });
  if (contentInfo.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('the token is not CMS SignedData');
  const tokenData = new pkijs.SignedData({ schema: contentInfo.content });
  const tstInfo = pkijs.TSTInfo.fromBER(tokenData.encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0));
  const signerInfo = tokenData.signerInfos[0];
  // pkijs compares the imprint only when the content says it is a TSTInfo: check that, and the imprint, here.
  const ok =
    signerInfo !== undefined &&
    isTimestampOf(tokenData, signerInfo, tstInfo, data) &&
    (await tokenData.verify({ signer: 0, data: toArrayBuffer(data), checkChain: false }, engine));
  const certificate = signerInfo && findSignerCertificate(tokenData, signerInfo);
  const embedded = (tokenData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  return {
    ok,
    time: tstInfo.genTime,
    authority: certificate ? summarise(certificate).subject : null,
    chainWith: async (extraCertificates) =>
      certificate
        ? timestampChain(certificate, [...embedded, ...parseCertificates(extraCertificates)], tstInfo.genTime)
        : { state: 'no root' },
  };
};

interface TimestampVerification {
  check: Check;
  time: Date | null;
}

const verifyTimestamp = async (signerInfo: pkijs.SignerInfo): Promise<TimestampVerification | null> => {
  const token = attribute(signerInfo.unsignedAttrs?.attributes, OID.signatureTimeStampToken)?.values[0];
  if (!token) return null;
  try {
    const { ok, time } = await verifyTimestampToken(token, signerInfo.signature.valueBlock.valueHexView);
    return {
      time,
      check: {
        name: 'time-stamp',
        ok,
        detail: ok
          ? `RFC 3161 time-stamp of ${time.toISOString()} covers the signature`
          : 'the RFC 3161 time-stamp does not match the signature or is not validly signed',
      },
    };
  } catch (error) {
    return { time: null, check: { name: 'time-stamp', ok: false, detail: `unreadable time-stamp token: ${(error as Error).message}` } };
  }
};

const claimedSigningTime = (signerInfo: pkijs.SignerInfo): Date | null => {
  return asDate(attribute(signerInfo.signedAttrs?.attributes, OID.signingTime)?.values[0]);
};

/**
 * Verifies a detached CMS (PAdES) signature over `signedBytes`, offline: digest, signature value,
 * signer certificate chain and, when present, the RFC 3161 signature time-stamp.
 */
export const verifyCmsSignature = async (
  contents: Uint8Array,
  signedBytes: Uint8Array,
  trustedCertificates?: Uint8Array[],
): Promise<CmsVerification> => {
  let signedData: pkijs.SignedData;
  try {
    signedData = parseSignedData(toArrayBuffer(contents));
  } catch (error) {
    return {
      checks: [{ name: 'signature', ok: false, detail: (error as Error).message }],
      signer: null,
      signedAt: null,
      timestamped: false,
    };
  }
  const signerInfo = signedData.signerInfos[0];
  const signerCertificate = signerInfo && findSignerCertificate(signedData, signerInfo);
  if (!signerInfo || !signerCertificate) {
    const detail = 'the signature does not embed its signer certificate';
    return { checks: [{ name: 'signature', ok: false, detail }], signer: null, signedAt: null, timestamped: false };
  }
  const timestamp = await verifyTimestamp(signerInfo);
  const signedAt = timestamp?.time ?? claimedSigningTime(signerInfo);
  const checks = [
    checkDocumentDigest(signerInfo, signedBytes),
    await checkSignatureValue(signedData, signedBytes),
    checkSigningCertificateAttribute(signerInfo),
    await checkChain(signedData, signerCertificate, trustedCertificates, signedAt ?? new Date()),
    ...(timestamp ? [timestamp.check] : []),
  ];
  return {
    checks,
    signer: summarise(signerCertificate),
    signedAt: signedAt?.toISOString() ?? null,
    timestamped: timestamp?.check.ok ?? false,
  };
};
