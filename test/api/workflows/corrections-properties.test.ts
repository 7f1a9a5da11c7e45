import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import fc from 'fast-check';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, newSender, type Sender } from '../../support/envelopes.js';
import { envelopeRow, signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';
import { allowReassign, ledgerEntries, recipientRow } from './corrections-support.js';

const actions = (signers: number) =>
  fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('reassign' as const), who: fc.nat(signers - 1) }),
      fc.record({ kind: fc.constant('sign' as const), who: fc.nat(signers - 1) }),
      fc.record({ kind: fc.constant('return' as const), who: fc.nat(signers - 1) }),
      fc.constant({ kind: 'resend' as const }),
      fc.record({ kind: fc.constant('correct-email' as const), who: fc.nat(signers - 1) }),
    ),
    { maxLength: 8 },
  );

/** What each link should answer, from what the test did to it. */
type LinkFate = 'live' | 'reassigned' | 'corrected';

describeOnEachDatabase('reassign, send-back, resend and corrections in any order (property)', (server) => {
  let sender: Sender;
  before(async () => {
    sender = await newSender(server);
  });

  it('ends in exactly one completion, and every old and new link answers as the envelope’s state says', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 3 }),
        fc.constantFrom('Parallel', 'Sequential'),
        actions(3),
        async (count, flow, steps) => {
          run += 1;
          const signers = Array.from({ length: count }, (_, i) => ({
            name: `Signer ${i}`,
            email: `s${i}-${run}@example.test`,
            signing_order: i + 1,
            fields: [{ type: 'signature', page: 1, x: 72, y: 100 + 60 * i, width: 160, height: 40 }],
          }));
          const envelope = await createEnvelope(server, sender.token, { flow, signers });
          const id = envelope.envelope_id;
          await allowReassign(server, id);
          const ids = envelope.recipients.signers.map((signer) => signer.recipient_id);
          const links = new Map<string, { recipientId: string; fate: LinkFate }>();
          const current = async (who: number) => {
            const token = await tokenFor(server, id, ids[who]!);
            links.set(token, { recipientId: ids[who]!, fate: 'live' });
            return token;
          };
          const kill = (recipientId: string, fate: LinkFate) => {
            for (const link of links.values()) if (link.recipientId === recipientId && link.fate === 'live') link.fate = fate;
          };
          let fresh = 0;

          for (const step of steps) {
            const who = 'who' in step ? step.who % count : 0;
            if (step.kind === 'reassign') {
              const response = await server.call('POST', `/api/v2.0/signing/${await current(who)}/reassign`, {
                body: { name: `Delegate ${fresh}`, email: `d${fresh++}-${run}@example.test` },
              });
              if (response.status === 200) kill(ids[who]!, 'reassigned');
              else assert.ok([409].includes(response.status), JSON.stringify(response.body));
            } else if (step.kind === 'sign') {
              const response = await server.call('POST', `/api/v2.0/signing/${await current(who)}/sign`, { body: signBody() });
              assert.ok([200, 409].includes(response.status), JSON.stringify(response.body));
            } else if (step.kind === 'return') {
              const response = await server.call('POST', `/api/v2.0/signing/${await current(who)}/return`, { body: { comment: 'Fix it' } });
              assert.ok([200, 409].includes(response.status), JSON.stringify(response.body));
            } else if (step.kind === 'resend') {
              const response = await server.call('POST', `/api/v2.0/envelopes/${id}/resend`, { token: sender.token });
              assert.ok([200, 409].includes(response.status), JSON.stringify(response.body));
            } else {
              const response = await server.call('POST', `/api/v2.0/envelopes/${id}/correct`, {
                token: sender.token,
                body: { recipients: [{ recipient_id: ids[who], email: `c${fresh++}-${run}@example.test` }] },
              });
              if (response.status === 200) kill(ids[who]!, 'corrected');
              else assert.ok([409].includes(response.status), JSON.stringify(response.body));
            }

            const { status } = await envelopeRow(server, id);
            for (const [token, link] of links) {
              const answer = await server.call('GET', `/api/v2.0/signing/${token}`);
              if (link.fate === 'reassigned') assert.equal(answer.body.errors?.[0]?.error_code, 'RECIPIENT_REASSIGNED');
              else if (link.fate === 'corrected') assert.equal(answer.body.errors?.[0]?.error_code, 'SIGNING_TOKEN_NOT_FOUND');
              else if (status === 'Correcting') assert.equal(answer.body.errors?.[0]?.error_code, 'ENVELOPE_NOT_ACTIVE');
              else assert.equal(answer.status, 200, `${status}: ${JSON.stringify(answer.body)}`);
            }
          }

          // Whatever happened, the envelope can still be finished, and finishes once.
          if ((await envelopeRow(server, id)).status === 'Correcting') {
            assert.equal((await server.call('POST', `/api/v2.0/envelopes/${id}/resend`, { token: sender.token })).status, 200);
          }
          for (let who = 0; who < count; who++) {
            if ((await recipientRow(server, ids[who]!)).status === 'Signed') continue;
            const signed = await server.call('POST', `/api/v2.0/signing/${await current(who)}/sign`, { body: signBody() });
            assert.equal(signed.status, 200, JSON.stringify(signed.body));
          }
          assert.equal((await waitForCompletion(server, id)).status, 'Completed');
          await server.service.worker.drain();
          assert.equal((await ledgerEntries(server, id, 'ENVELOPE_COMPLETED')).length, 1);
        },
      ),
      // The failing run's own error in the report, not only as a cause the test runner does not print.
      { numRuns: 30, includeErrorInReport: true },
    );
  });
});
