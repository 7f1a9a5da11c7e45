import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  endStateCopyKey,
  endStateOfFailure,
  endStateOfSession,
  isCompletedCopy,
  type EndState,
  type EndStateName,
} from '../../../web/src/sign/end-state.js';
import { fittedBoxWidth, fittedFontSize, MIN_FIELD_FONT, textWidthInEms } from '../../../web/src/sign/field-text-fit.js';
import { fieldsPayload, progressOf } from '../../../web/src/sign/field-values.js';
import type { SigningField } from '../../../web/src/sign/signing-types.js';
import { failure, session } from './signing-session-fixtures.js';
import { hiddenFieldsOf } from '../../../web/src/sign/visible-fields.js';
import { clampZoom, MAX_ZOOM, MIN_ZOOM, zoomIn, zoomOut } from '../../../web/src/sign/zoom.js';

const field = (id: string, extra: Partial<SigningField> = {}): SigningField => ({
  field_id: id,
  type: 'text',
  placeholder: null,
  document: 1,
  page: 1,
  x: 0,
  y: 0,
  width: 100,
  height: 20,
  required: true,
  editable: true,
  default_value: null,
  options: null,
  name: null,
  show_if: null,
  ...extra,
});

describe('the workflow end states', () => {
  it('shows an Approved recipient "already approved" and a NotNeeded group member "group complete"', () => {
    assert.deepEqual(endStateOfSession(session('Approved', 'InProgress')), { name: 'approved' });
    assert.deepEqual(endStateOfSession(session('NotNeeded', 'InProgress')), { name: 'group-complete' });
  });

  it('says a Correcting envelope was sent back for correction, from the view and from ENVELOPE_NOT_ACTIVE', () => {
    assert.deepEqual(endStateOfSession(session('Sent', 'Correcting')), { name: 'correcting' });
    const refused = failure(409, 'ENVELOPE_NOT_ACTIVE', 'The envelope is Correcting: it was sent back to its sender.');
    assert.equal(endStateOfFailure(refused)?.name, 'correcting');
  });

  it('maps 409 GROUP_COMPLETE, 409 RECIPIENT_REASSIGNED and 410 SIGNER_COPY_EXPIRED to their own screens', () => {
    assert.deepEqual(endStateOfFailure(failure(409, 'GROUP_COMPLETE', 'Done.')), { name: 'group-complete' });
    assert.deepEqual(endStateOfFailure(failure(409, 'RECIPIENT_REASSIGNED', 'Handed over.')), { name: 'reassigned' });
    assert.deepEqual(endStateOfFailure(failure(410, 'SIGNER_COPY_EXPIRED', 'Gone.')), { name: 'copy-expired' });
    assert.deepEqual(endStateOfFailure(failure(410, 'SIGNING_TOKEN_EXPIRED', 'Gone.')), { name: 'invalid-link' });
  });

  it('shows the completed copy for a Completed envelope, whoever opens it', () => {
    assert.equal(isCompletedCopy(session('Signed', 'Completed')), true);
    assert.equal(isCompletedCopy(session('Approved', 'Completed')), true);
    assert.equal(isCompletedCopy(session('Signed', 'InProgress')), false);
  });

  it('words every screen from a key each language has', () => {
    const names: EndStateName[] = [
      'signed',
      'already-signed',
      'approved',
      'declined',
      'cancelled',
      'expired',
      'completed',
      'not-your-turn',
      'group-complete',
      'reassigned',
      'correcting',
      'copy-expired',
      'invalid-link',
      'error',
    ];
    const states: EndState[] = [
      ...names.map((name) => ({ name })),
      { name: 'approved', byYou: true },
      { name: 'reassigned', byYou: true, to: { name: 'Bo', email: 'bo@example.test' } },
      { name: 'returned', byYou: true },
      { name: 'signed', byYou: true, host: 'Hal Host' },
    ];
    for (const language of ['en', 'de', 'fr', 'es', 'pt', 'ja']) {
      const catalog = JSON.parse(readFileSync(new URL(`../../../assets/i18n/${language}.json`, import.meta.url), 'utf8'));
      for (const state of states) {
        const entry = endStateCopyKey(state)
          .split('.')
          .reduce((node, key) => node?.[key], catalog);
        assert.equal(typeof entry?.title, 'string', `${language}: ${JSON.stringify(state)} has a title`);
        assert.equal(typeof entry?.body, 'string', `${language}: ${JSON.stringify(state)} has a body`);
      }
    }
    assert.equal(endStateCopyKey({ name: 'reassigned', byYou: true }), 'workflow_page.end.reassignedByYou');
    assert.equal(endStateCopyKey({ name: 'signed', byYou: true, host: 'Hal' }), 'workflow_page.end.inPersonSigned');
  });
});

describe('conditional fields on the page', () => {
  const fields = [
    field('agree', { type: 'checkbox', name: 'agree', required: false }),
    field('details', { name: 'details', show_if: { field: 'agree', equals: true } }),
    field('plan', { type: 'radio', name: 'plan', options: ['basic', 'pro'], required: false }),
    field('seats', { show_if: { field: 'plan', equals: 'pro' } }),
    field('vat', { show_if: { field: 'country', equals: 'DE' } }),
  ];

  it('hides a field until its checkbox is ticked, and shows it after', () => {
    assert.deepEqual([...hiddenFieldsOf(fields, [], { agree: 'false', plan: '' })].sort(), ['details', 'seats', 'vat']);
    assert.equal(hiddenFieldsOf(fields, [], { agree: 'true', plan: '' }).has('details'), false);
  });

  it('shows a field for a radio choice', () => {
    assert.equal(hiddenFieldsOf(fields, [], { agree: 'false', plan: 'basic' }).has('seats'), true);
    assert.equal(hiddenFieldsOf(fields, [], { agree: 'false', plan: 'pro' }).has('seats'), false);
  });

  it("reads another recipient's named value from other_fields", () => {
    assert.equal(hiddenFieldsOf(fields, [{ name: 'country', value: 'DE' }], {}).has('vat'), false);
    assert.equal(hiddenFieldsOf(fields, [{ name: 'country', value: 'FR' }], {}).has('vat'), true);
    assert.equal(hiddenFieldsOf(fields, [{ name: 'country', value: null }], {}).has('vat'), true);
  });

  it('neither counts nor sends the hidden fields', () => {
    const values = { agree: 'false', details: 'left over', plan: '' };
    const hidden = hiddenFieldsOf(fields, [], values);
    const visible = fields.filter((candidate) => !hidden.has(candidate.field_id));
    assert.deepEqual(progressOf(visible, values, new Set()).total, 0);
    assert.deepEqual(
      fieldsPayload(visible, values).map((entry) => entry.field_id),
      ['agree'],
    );
  });

  it('sends a radio choice like any entered value', () => {
    assert.deepEqual(fieldsPayload([fields[2]!], { plan: 'pro' }), [{ field_id: 'plan', value: 'pro' }]);
  });
});

describe('field text on a phone', () => {
  it('keeps the preferred size when the text fits', () => {
    assert.equal(fittedFontSize('Jane', 200, 14), 14);
  });

  it('shrinks the font until a date fits a narrow box, never below the floor', () => {
    const size = fittedFontSize('March 14, 2026', 60, 12);
    assert.ok(size < 12);
    assert.ok((textWidthInEms('March 14, 2026') + 0.5) * size <= 60);
    assert.equal(fittedFontSize('a very long company name that cannot fit', 20, 12), MIN_FIELD_FONT);
  });

  it('counts wide characters a full em', () => {
    assert.equal(textWidthInEms('署名'), 2);
  });
});

describe('zoom', () => {
  it('steps in and out and stays within its bounds', () => {
    assert.equal(zoomIn(1), 1.25);
    assert.equal(zoomOut(1), 0.75);
    assert.equal(zoomIn(1.1), 1.25, 'a pinch between steps goes to the next one');
    assert.equal(zoomIn(MAX_ZOOM), MAX_ZOOM);
    assert.equal(zoomOut(MIN_ZOOM), MIN_ZOOM);
    assert.equal(clampZoom(9), MAX_ZOOM);
    assert.equal(clampZoom(0.1), MIN_ZOOM);
  });
});

describe('a field box too narrow for its text even at the smallest font', () => {
  it('grows to show the text whole, and keeps its width when the text fits', () => {
    const text = '27 November 2026';
    const font = fittedFontSize(text, 50, 10);
    assert.equal(font, MIN_FIELD_FONT);
    assert.ok(fittedBoxWidth(text, 50, font) >= (textWidthInEms(text) + 0.5) * font);
    assert.equal(fittedBoxWidth('Jane', 200, 12), 200);
  });
});
