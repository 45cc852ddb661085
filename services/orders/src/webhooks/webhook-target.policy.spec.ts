import { isPrivateAddress, webhookUrlProblem } from './webhook-target.policy';

describe('webhook targets', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '::ffff:7f00:1',
    '::127.0.0.1', // IPv4-compatible
    '::7f00:1',
    '::8.8.8.8',
    '::ffff:0:7f00:1', // IPv4-translated
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '2002:808:808::1', // 6to4 of anything
    '64:ff9b::7f00:1', // NAT64
    '64:ff9b:1::a00:1', // local-use NAT64
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  it('wants https and a public literal outside local development', () => {
    expect(webhookUrlProblem('https://hooks.example.com/in', false)).toBeUndefined();
    expect(webhookUrlProblem('http://hooks.example.com/in', false)).toMatch(/https/);
    expect(webhookUrlProblem('https://127.0.0.1:8443/in', false)).toMatch(/private/);
    expect(webhookUrlProblem('https://[::1]/in', false)).toMatch(/private/);
    expect(webhookUrlProblem('https://localhost/in', false)).toMatch(/this machine/);
    expect(webhookUrlProblem('https://LOCALHOST./in', false)).toMatch(/this machine/);
    expect(webhookUrlProblem('https://api.Localhost../in', false)).toMatch(/this machine/);
    expect(webhookUrlProblem('https://[::127.0.0.1]/in', false)).toMatch(/private/);
    expect(webhookUrlProblem('https://[2002:7f00:1::]/in', false)).toMatch(/private/);
    expect(webhookUrlProblem('https://[64:ff9b::127.0.0.1]/in', false)).toMatch(/private/);
    expect(webhookUrlProblem('https://127.0.0.1./in', false)).toMatch(/private/);
    expect(webhookUrlProblem('https://0x7f.1/in', false)).toMatch(/private/);
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/in', false)).toMatch(/password/);
  });

  it('allows http and private targets when configured for local development', () => {
    expect(webhookUrlProblem('http://127.0.0.1:4000/in', true)).toBeUndefined();
    expect(webhookUrlProblem('http://localhost:4000/in', true)).toBeUndefined();
  });
});
