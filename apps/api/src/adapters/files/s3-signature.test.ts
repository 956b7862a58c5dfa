import { describe, expect, it } from 'vitest';
import { amzDate, encodeRfc3986, sha256Hex, signS3Request } from './s3-signature';

// The example credentials and requests of AWS's S3 documentation ("Signature Calculations for the
// Authorization Header: Transferring Payload in a Single Chunk"), with the signatures it publishes.
const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
const documentedAt = new Date('2013-05-24T00:00:00Z');
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('signS3Request', () => {
  it('reproduces the documented GET object signature', () => {
    const signed = signS3Request(
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_SHA256, now: documentedAt },
      credentials,
    );
    expect(signed.signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(signed.headers['x-amz-date']).toBe('20130524T000000Z');
    // fetch sets Host itself from the URL; sending it twice would be refused.
    expect(signed.headers).not.toHaveProperty('host');
  });

  it('reproduces the documented PUT object signature, with a key that needs escaping and a real payload', () => {
    const body = 'Welcome to Amazon S3.';
    const payloadHash = sha256Hex(body);
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signS3Request(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash,
        now: documentedAt,
      },
      credentials,
    );
    expect(signed.signedHeaders).toBe('date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class');
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('changes the signature when anything signed changes', () => {
    const request = { method: 'PUT', url: new URL('http://127.0.0.1:9000/bucket/a.webp'), headers: { 'content-type': 'image/webp' }, payloadHash: sha256Hex('x'), now: documentedAt };
    const base = signS3Request(request, credentials).signature;
    expect(signS3Request({ ...request, payloadHash: sha256Hex('y') }, credentials).signature).not.toBe(base);
    expect(signS3Request({ ...request, url: new URL('http://127.0.0.1:9000/bucket/b.webp') }, credentials).signature).not.toBe(base);
    expect(signS3Request({ ...request, url: new URL('http://127.0.0.1:9001/bucket/a.webp') }, credentials).signature).not.toBe(base);
    expect(signS3Request(request, { ...credentials, secretAccessKey: 'other' }).signature).not.toBe(base);
    expect(signS3Request(request, { ...credentials, region: 'eu-west-1' }).signature).not.toBe(base);
  });
});

describe('helpers', () => {
  it('encodes as RFC 3986 wants, including the characters encodeURIComponent leaves alone', () => {
    expect(encodeRfc3986("a b!'()*~-_.")).toBe('a%20b%21%27%28%29%2A~-_.');
    expect(encodeRfc3986('$/')).toBe('%24%2F');
  });

  it('formats the x-amz-date timestamp', () => {
    expect(amzDate(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });
});
