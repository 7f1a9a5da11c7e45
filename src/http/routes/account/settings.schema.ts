import { Type, type Static } from 'typebox';
import type { AccountSettings } from '../../../app/accounts/get-settings.js';
import { List, Text } from '../../schema-kit.js';

export const MAX_FRAME_ANCESTORS = 20;

export const FrameAncestors = List(Text(255, { 'x-invalid-code': 'INVALID_FRAME_ANCESTOR' }), MAX_FRAME_ANCESTORS, {
  'x-invalid-code': 'INVALID_FRAME_ANCESTOR',
  description:
    'Origins (`https://app.example.com`: http or https, host and port, no path) whose pages may frame the signing page and the ' +
    'embedded builders (CSP `frame-ancestors`); at most 20',
});

export const SettingsData = Type.Object({ frame_ancestors: FrameAncestors });

export const presentSettings = (settings: AccountSettings): Static<typeof SettingsData> => ({ frame_ancestors: settings.frameAncestors });
