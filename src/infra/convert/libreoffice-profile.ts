/**
 * A port on the loopback address where nothing listens: every proxy points here, so a request for a
 * remote resource that gets past the other settings fails at once instead of leaving the machine.
 */
const NOWHERE = { host: '127.0.0.1', port: 1 };

const setting = (path: string, name: string, value: string | number | boolean) =>
  `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse"><value>${String(value)}</value></prop></item>`;

/**
 * The user settings of every conversion's own LibreOffice profile (docs/api/conversion.md): macros
 * never run (the highest macro security with no trusted location, and macro execution disabled), links
 * to resources outside the document are blocked, and the proxies lead nowhere. A network namespace
 * without a network, where the service may create one, keeps a conversion off the network as well;
 * this profile is what holds where it cannot (a container's unprivileged user).
 */
export const LIBREOFFICE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${[
  setting('/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', 3),
  setting('/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', true),
  setting('/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', true),
  setting('/org.openoffice.Inet/Settings', 'ooInetProxyType', 1),
  ...['HTTP', 'HTTPS', 'FTP'].flatMap((scheme) => [
    setting('/org.openoffice.Inet/Settings', `ooInet${scheme}ProxyName`, NOWHERE.host),
    setting('/org.openoffice.Inet/Settings', `ooInet${scheme}ProxyPort`, NOWHERE.port),
  ]),
  setting('/org.openoffice.Inet/Settings', 'ooInetNoProxy', ''),
].join('\n')}
</oor:items>
`;
