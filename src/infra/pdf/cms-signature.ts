import 'reflect-metadata';
import { createHash } from 'node:crypto';
import * as pkijs from 'pkijs';
import * as x509 from '@peculiar/x509';

/** One verdict of the verification report. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

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
export interface TimestampTokenVerification {
  ok: boolean;
  time: Date;
  /** Subject of the certificate that signed the token, when it embeds it. */
  authority: string | null;
}

/**
 * Verifies an RFC 3161 time-stamp token (a CMS ContentInfo: DER bytes or its parsed ASN.1) over `data`:
 * pkijs checks both the TSA's signature and that the token's imprint is this data's hash.
 * Throws when the token cannot be read.
 */
export const verifyTimestampToken = async (token: unknown, data: Uint8Array): Promise<TimestampTokenVerification> => {
  const contentInfo =
    token instanceof Uint8Array ? pkijs.ContentInfo.fromBER(toArrayBuffer(token)) : new pkijs.ContentInfo({ schema: token });
  const tokenData = new pkijs.SignedData({ schema: contentInfo.content });
  const tstInfo = pkijs.TSTInfo.fromBER(tokenData.encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0));
  const ok = await tokenData.verify({ signer: 0, data: toArrayBuffer(data), checkChain: false }, engine);
  const signerInfo = tokenData.signerInfos[0];
  const certificate = signerInfo && findSignerCertificate(tokenData, signerInfo);
  return { ok, time: tstInfo.genTime, authority: certificate ? summarise(certificate).subject : null };
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
