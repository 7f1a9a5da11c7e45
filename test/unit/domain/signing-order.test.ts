import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  activeSignerIds,
  initialStatuses,
  newlyActiveAfterSignature,
  normalizeSigningOrders,
  parseFlow,
  type OrderedSigner,
  type SignProcessFlow,
} from '../../../src/domain/signing-order.js';
import { expectAppError } from './expect-app-error.js';

describe('parseFlow', () => {
  it('defaults to Parallel', () => {
    assert.equal(parseFlow(undefined), 'Parallel');
  });

  it('matches the flow names case-insensitively', () => {
    assert.equal(parseFlow('sequential'), 'Sequential');
    assert.equal(parseFlow('HYBRID'), 'Hybrid');
    assert.equal(parseFlow('Parallel'), 'Parallel');
  });

  it('rejects anything else with 400 INVALID_SIGN_PROCESS_FLOW', () => {
    for (const value of ['serial', '', 3, true]) {
      const error = expectAppError(() => parseFlow(value), 400, 'INVALID_SIGN_PROCESS_FLOW');
      assert.equal(error.problems[0]?.field, 'envelope.sign_process_flow');
    }
  });
});

const withOrders = (...orders: unknown[]) => orders.map((signingOrder) => ({ signingOrder }));

describe('normalizeSigningOrders', () => {
  it('uses the listed order 1..n when a Sequential flow gives no orders', () => {
    assert.deepEqual(normalizeSigningOrders('Sequential', [{}, {}, {}]), [1, 2, 3]);
  });

  it('keeps Sequential orders with gaps, since only their relative order matters', () => {
    assert.deepEqual(normalizeSigningOrders('Sequential', withOrders(3, 1, 7)), [3, 1, 7]);
  });

  it('rejects equal Sequential orders with 400 INVALID_SIGNING_ORDER at the repeated one', () => {
    const error = expectAppError(() => normalizeSigningOrders('Sequential', withOrders(1, 2, 2)), 400, 'INVALID_SIGNING_ORDER');
    assert.deepEqual(
      error.problems.map((detail) => detail.field),
      ['recipients.signers[2].signing_order'],
    );
  });

  it('groups equal orders in a Hybrid flow', () => {
    assert.deepEqual(normalizeSigningOrders('Hybrid', withOrders(1, 1, 2)), [1, 1, 2]);
  });

  it('rejects a boolean, zero, negative or fractional order with 400 INVALID_SIGNING_ORDER in every flow', () => {
    for (const flow of ['Sequential', 'Parallel', 'Hybrid'] as const) {
      const error = expectAppError(() => normalizeSigningOrders(flow, withOrders(true, 0, -1, 1.5, 2)), 400, 'INVALID_SIGNING_ORDER');
      assert.equal(error.problems.length, 4);
    }
  });

  it('needs an order on every signer of a Sequential or Hybrid flow once one has it', () => {
    const error = expectAppError(() => normalizeSigningOrders('Hybrid', [{ signingOrder: 1 }, {}]), 400, 'INVALID_SIGNING_ORDER');
    assert.equal(error.problems[0]?.field, 'recipients.signers[1].signing_order');
  });

  it('ignores orders in a Parallel flow, reading absent ones as 1', () => {
    assert.deepEqual(normalizeSigningOrders('Parallel', [{ signingOrder: 2 }, {}, { signingOrder: 2 }]), [2, 1, 2]);
  });

  it("reports errors at the given path, for templates' roles", () => {
    const error = expectAppError(
      () => normalizeSigningOrders('Sequential', withOrders(1, 1), 'roles.signers'),
      400,
      'INVALID_SIGNING_ORDER',
    );
    assert.equal(error.problems[0]?.field, 'roles.signers[1].signing_order');
  });
});

const signer = (id: string, signingOrder: number, status: OrderedSigner['status'] = 'Sent'): OrderedSigner => ({
  id,
  signingOrder,
  status,
});

describe('activeSignerIds', () => {
  it('makes every pending signer active in a Parallel flow', () => {
    const signers = [signer('a', 1, 'Signed'), signer('b', 2, 'Viewed'), signer('c', 3, 'Sent')];
    assert.deepEqual(activeSignerIds('Parallel', signers), ['b', 'c']);
  });

  it('makes only the lowest pending order active in a Sequential flow', () => {
    const signers = [signer('a', 5, 'Signed'), signer('b', 9, 'Waiting'), signer('c', 7, 'Sent')];
    assert.deepEqual(activeSignerIds('Sequential', signers), ['c']);
  });

  it('makes the whole lowest pending group active in a Hybrid flow', () => {
    const signers = [signer('a', 1, 'Signed'), signer('b', 2, 'Sent'), signer('c', 2, 'Viewed'), signer('d', 3, 'Waiting')];
    assert.deepEqual(activeSignerIds('Hybrid', signers), ['b', 'c']);
  });

  it('has nobody active once everyone signed', () => {
    assert.deepEqual(activeSignerIds('Sequential', [signer('a', 1, 'Signed')]), []);
  });
});

describe('initialStatuses and newlyActiveAfterSignature', () => {
  it('sends to the first order group and keeps the others Waiting', () => {
    assert.deepEqual(initialStatuses('Hybrid', [2, 1, 1, 3]), ['Waiting', 'Sent', 'Sent', 'Waiting']);
    assert.deepEqual(initialStatuses('Sequential', [1, 2]), ['Sent', 'Waiting']);
    assert.deepEqual(initialStatuses('Parallel', [1, 2]), ['Sent', 'Sent']);
  });

  it('invites the next group only when the last signer of the current group signs', () => {
    const signers = [signer('a', 1), signer('b', 1), signer('c', 2, 'Waiting')];
    assert.deepEqual(newlyActiveAfterSignature('Hybrid', signers, 'a'), []);
    const afterA = signers.map((s) => (s.id === 'a' ? { ...s, status: 'Signed' as const } : s));
    assert.deepEqual(newlyActiveAfterSignature('Hybrid', afterA, 'b'), ['c']);
  });

  it('never invites anybody new in a Parallel flow', () => {
    assert.deepEqual(newlyActiveAfterSignature('Parallel', [signer('a', 1), signer('b', 2)], 'a'), []);
  });
});

const flows = fc.constantFrom<SignProcessFlow>('Sequential', 'Parallel', 'Hybrid');
const orderLists = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 });

/** Signs one active signer at a time (the pick decides which), inviting as the service would. */
const signEveryone = (flow: SignProcessFlow, orders: number[], picks: number[]) => {
  let signers: OrderedSigner[] = initialStatuses(flow, orders).map((status, index) => signer(`s${index}`, orders[index] ?? 1, status));
  const activeGroupsSeen: number[] = [];
  for (let step = 0; step < orders.length; step++) {
    const active = activeSignerIds(flow, signers);
    activeGroupsSeen.push(new Set(signers.filter((s) => active.includes(s.id)).map((s) => s.signingOrder)).size);
    assert.deepEqual(
      signers.filter((s) => s.status === 'Sent').map((s) => s.id),
      active,
      'exactly the active signers have been invited',
    );
    const chosen = active[(picks[step] ?? 0) % active.length];
    assert.ok(chosen, 'someone can always sign while a signer is pending');
    const invited = new Set(newlyActiveAfterSignature(flow, signers, chosen));
    signers = signers.map((s) => {
      if (s.id === chosen) return { ...s, status: 'Signed' };
      return invited.has(s.id) ? { ...s, status: 'Sent' } : s;
    });
  }
  return { signers, activeGroupsSeen };
};

describe('signing order properties', () => {
  it('a Sequential or Hybrid flow never has more than one active order group', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<SignProcessFlow>('Sequential', 'Hybrid'),
        orderLists,
        fc.array(fc.nat(), { maxLength: 12 }),
        (flow, orders, picks) => {
          const { activeGroupsSeen } = signEveryone(flow, orders, picks);
          assert.ok(activeGroupsSeen.every((groups) => groups <= 1));
        },
      ),
    );
  });

  it('a Sequential flow has exactly one active signer at a time', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 12 }), (orders) => {
        let signers = initialStatuses('Sequential', orders).map((status, index) => signer(`s${index}`, orders[index] ?? 1, status));
        for (let step = 0; step < orders.length; step++) {
          const active = activeSignerIds('Sequential', signers);
          assert.equal(active.length, 1);
          const lowestPending = Math.min(...signers.filter((s) => s.status !== 'Signed').map((s) => s.signingOrder));
          assert.equal(signers.find((s) => s.id === active[0])?.signingOrder, lowestPending);
          signers = signers.map((s) => (s.id === active[0] ? { ...s, status: 'Signed' } : s));
        }
      }),
    );
  });

  it('signing in turn always ends with every signer signed, in every flow', () => {
    fc.assert(
      fc.property(flows, orderLists, fc.array(fc.nat(), { maxLength: 12 }), (flow, orders, picks) => {
        const { signers } = signEveryone(flow, orders, picks);
        assert.ok(signers.every((s) => s.status === 'Signed'));
        assert.deepEqual(activeSignerIds(flow, signers), []);
      }),
    );
  });

  it("normalised orders always satisfy the flow's rules", () => {
    fc.assert(
      fc.property(
        flows,
        fc.array(fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }), { minLength: 1, maxLength: 10 }),
        (flow, given) => {
          let orders: number[];
          try {
            orders = normalizeSigningOrders(
              flow,
              given.map((signingOrder) => ({ signingOrder })),
            );
          } catch {
            return;
          }
          assert.equal(orders.length, given.length);
          assert.ok(orders.every((order) => Number.isInteger(order) && order >= 1));
          if (flow === 'Sequential') assert.equal(new Set(orders).size, orders.length);
        },
      ),
    );
  });
});
