import { authenticator } from 'otplib';
import type { RecoveryCodes, StaffUser, TwoFactorSetup, TwoFactorStatus } from '@backoffice/contracts';
import { createUser, identityUnderTest, json, login, PASSWORD, refresh, sql, tokenFor } from './identity-test-kit';

const identity = identityUnderTest();

/** The code of the current 30-second step, or of a step `offset` away (the server accepts ±1). */
const codeAt = (secret: string, offset = 0) => authenticator.clone({ epoch: Date.now() + offset * 30_000 }).generate(secret);

const as = (user: StaffUser) => tokenFor(user.id, user.roles);

async function enrol(user: StaffUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await json<TwoFactorSetup>(
    await identity.service.request('/api/auth/two-factor/setup', { method: 'POST', token: as(user) }),
  );
  const enabled = await identity.service.request('/api/auth/two-factor/enable', {
    method: 'POST',
    token: as(user),
    json: { code: codeAt(setup.secret) },
  });
  expect(enabled.status).toBe(200);
  return { secret: setup.secret, recoveryCodes: (await json<RecoveryCodes>(enabled)).recoveryCodes };
}

describe('enrolment from the profile', () => {
  it('offers a secret with its otpauth URI and QR code, and switches on with a right code', async () => {
    const user = await createUser(identity.service, 'Careful Manager', ['Manager']);
    const status = await identity.service.request('/api/auth/two-factor', { token: as(user) });
    expect(await json(status)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

    const response = await identity.service.request('/api/auth/two-factor/setup', { method: 'POST', token: as(user) });
    expect(response.status).toBe(200);
    const setup = await json<TwoFactorSetup>(response);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toBe(
      `otpauth://totp/Back-office:${encodeURIComponent(user.email)}?secret=${setup.secret}&period=30&digits=6&algorithm=SHA1&issuer=Back-office`,
    );
    expect(setup.qrSvg).toMatch(/^<svg /);

    const wrong = await identity.service.request('/api/auth/two-factor/enable', {
      method: 'POST',
      token: as(user),
      json: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toMatchObject({ errors: [{ path: 'code', message: expect.stringContaining('not correct') }] });

    const enabled = await identity.service.request('/api/auth/two-factor/enable', {
      method: 'POST',
      token: as(user),
      json: { code: codeAt(setup.secret) },
    });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = await json<RecoveryCodes>(enabled);
    expect(recoveryCodes).toHaveLength(10);
    expect(await json<TwoFactorStatus>(await identity.service.request('/api/auth/two-factor', { token: as(user) }))).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect(await json(await identity.service.request(`/api/identity/users/${user.id}`))).toMatchObject({ twoFactorEnabled: true });

    // The secret is encrypted at rest and the recovery codes are hashed.
    const [row] = await sql<{ two_factor_secret: string }>(identity.service, 'select two_factor_secret from users where id = $1', [
      user.id,
    ]);
    expect(row.two_factor_secret).toMatch(/^v1:/);
    expect(row.two_factor_secret).not.toContain(setup.secret);
    const codes = await sql<{ code_hash: string }>(identity.service, 'select code_hash from recovery_codes where user_id = $1', [user.id]);
    expect(codes.map((c) => c.code_hash)).not.toContain(recoveryCodes[0]);
  });

  it('refuses enabling without a set-up, a second set-up once on, and a body without a code', async () => {
    const user = await createUser(identity.service, 'Hasty Manager', ['Manager']);
    expect(
      (await identity.service.request('/api/auth/two-factor/enable', { method: 'POST', token: as(user), json: { code: '123456' } })).status,
    ).toBe(409);
    expect((await identity.service.request('/api/auth/two-factor/enable', { method: 'POST', token: as(user), json: {} })).status).toBe(400);
    await enrol(user);
    expect((await identity.service.request('/api/auth/two-factor/setup', { method: 'POST', token: as(user) })).status).toBe(409);
  });

  it('blocks guessing: five wrong codes, then 429', async () => {
    const user = await createUser(identity.service, 'Guessing Manager', ['Manager']);
    await identity.service.request('/api/auth/two-factor/setup', { method: 'POST', token: as(user) });
    for (let i = 0; i < 5; i++) {
      expect(
        (await identity.service.request('/api/auth/two-factor/enable', { method: 'POST', token: as(user), json: { code: '000000' } }))
          .status,
      ).toBe(400);
    }
    const blocked = await identity.service.request('/api/auth/two-factor/enable', {
      method: 'POST',
      token: as(user),
      json: { code: '000000' },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('signing in with two-factor', () => {
  let user: StaffUser;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    user = await createUser(identity.service, 'Two Factor Agent', ['Salesagent']);
    ({ secret, recoveryCodes } = await enrol(user));
  });

  it('asks for the code after a right password, refuses a wrong one, accepts the right one once', async () => {
    const missing = await login(identity.service, user.email);
    expect(missing.response.status).toBe(401);
    expect(await json(missing.response)).toMatchObject({ code: 'otp_required' });
    expect(missing.cookie).toBe('');

    const wrong = await login(identity.service, user.email, PASSWORD, '123456');
    expect(wrong.response.status).toBe(401);
    expect(await json(wrong.response)).toMatchObject({ code: 'otp_invalid' });

    // A wrong password with a code is still just a wrong password.
    expect(await json((await login(identity.service, user.email, 'Wrong-pass-1', codeAt(secret, 1))).response)).toMatchObject({
      code: 'unauthorized',
    });

    const code = codeAt(secret, 1); // the enrolment used the current step
    const ok = await login(identity.service, user.email, PASSWORD, code);
    expect(ok.response.status).toBe(200);
    expect(await json(ok.response)).not.toHaveProperty('recoveryCodes');
    const replay = await login(identity.service, user.email, PASSWORD, code);
    expect(await json(replay.response)).toMatchObject({ code: 'otp_invalid' });
  });

  it('accepts each recovery code once, in any letter case', async () => {
    const first = await login(identity.service, user.email, PASSWORD, recoveryCodes[0].toUpperCase());
    expect(first.response.status).toBe(200);
    expect((await login(identity.service, user.email, PASSWORD, recoveryCodes[0])).response.status).toBe(401);
    expect(await json<TwoFactorStatus>(await identity.service.request('/api/auth/two-factor', { token: as(user) }))).toMatchObject({
      recoveryCodesLeft: 9,
    });
  });

  it('renews the recovery codes, and turns off with a code', async () => {
    const renewed = await identity.service.request('/api/auth/two-factor/recovery-codes', {
      method: 'POST',
      token: as(user),
      json: { code: recoveryCodes[1] },
    });
    expect(renewed.status).toBe(200);
    const fresh = (await json<RecoveryCodes>(renewed)).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await login(identity.service, user.email, PASSWORD, recoveryCodes[2])).response.status).toBe(401); // the old ones are gone

    expect(
      (await identity.service.request('/api/auth/two-factor/disable', { method: 'POST', token: as(user), json: { code: 'wrong-code' } }))
        .status,
    ).toBe(400);
    expect(
      (await identity.service.request('/api/auth/two-factor/disable', { method: 'POST', token: as(user), json: { code: fresh[0] } }))
        .status,
    ).toBe(204);
    expect((await login(identity.service, user.email)).response.status).toBe(200);
  });

  it('an Admin can reset a user’s two-factor sign-in (a lost phone), which ends their sessions', async () => {
    const lost = await createUser(identity.service, 'Lost Phone', ['Salesagent']);
    const { secret: lostSecret } = await enrol(lost);
    const session = await login(identity.service, lost.email, PASSWORD, codeAt(lostSecret, 1));
    expect(session.response.status).toBe(200);
    expect(
      (await identity.service.request(`/api/identity/users/${lost.id}/two-factor`, { method: 'DELETE', roles: ['Manager'] })).status,
    ).toBe(403);
    const reset = await identity.service.request(`/api/identity/users/${lost.id}/two-factor`, { method: 'DELETE' });
    expect(reset.status).toBe(200);
    expect(await json(reset)).toMatchObject({ twoFactorEnabled: false });
    expect((await refresh(identity.service, session.cookie)).status).toBe(401);
    expect((await login(identity.service, lost.email)).response.status).toBe(200);
  });
});

describe('the setting that requires two-factor sign-in for Admin and Manager', () => {
  it('cannot be switched on by an Admin who has not set it up, and is for Admins only', async () => {
    expect(await json(await identity.service.request('/api/identity/settings'))).toEqual({ twoFactorRequiredForStaff: false });
    const refused = await identity.service.request('/api/identity/settings', {
      method: 'PUT',
      token: tokenFor(identity.adminId, ['Admin']),
      json: { twoFactorRequiredForStaff: true },
    });
    expect(refused.status).toBe(409);
    expect((await identity.service.request('/api/identity/settings', { roles: ['Manager'] })).status).toBe(403);
    expect(
      (await identity.service.request('/api/identity/settings', { method: 'PUT', json: { twoFactorRequiredForStaff: 'yes' } })).status,
    ).toBe(400);
  });

  it('when on, a Manager without it must set it up at sign-in; sales agents are not affected', async () => {
    const manager = await createUser(identity.service, 'Required Manager', ['Manager']);
    const agent = await createUser(identity.service, 'Unaffected Agent', ['Salesagent']);
    const before = await login(identity.service, manager.email);
    expect(before.response.status).toBe(200);

    const admin = { id: identity.adminId, roles: ['Admin'] } as StaffUser;
    await enrol(admin);
    const on = await identity.service.request('/api/identity/settings', {
      method: 'PUT',
      token: tokenFor(identity.adminId, ['Admin']),
      json: { twoFactorRequiredForStaff: true },
    });
    expect(on.status).toBe(200);
    expect(await json(on)).toEqual({ twoFactorRequiredForStaff: true });

    // The session that started before the setting cannot be renewed.
    const renewed = await refresh(identity.service, before.cookie);
    expect(renewed.status).toBe(401);
    expect(await json(renewed)).toMatchObject({ code: 'two_factor_setup_required' });

    const required = await login(identity.service, manager.email);
    expect(await json(required.response)).toMatchObject({ code: 'two_factor_setup_required' });
    expect(await json<TwoFactorStatus>(await identity.service.request('/api/auth/two-factor', { token: as(manager) }))).toMatchObject({
      required: true,
    });

    const badPassword = await identity.service.request('/api/auth/login/two-factor-setup', {
      method: 'POST',
      token: null,
      json: { username: manager.email, password: 'Wrong-pass-1' },
    });
    expect(badPassword.status).toBe(401);
    const setupResponse = await identity.service.request('/api/auth/login/two-factor-setup', {
      method: 'POST',
      token: null,
      json: { username: manager.email, password: PASSWORD },
    });
    expect(setupResponse.status).toBe(200);
    const setup = await json<TwoFactorSetup>(setupResponse);

    expect(await json((await login(identity.service, manager.email, PASSWORD, '000000')).response)).toMatchObject({ code: 'otp_invalid' });
    const signedIn = await login(identity.service, manager.email, PASSWORD, codeAt(setup.secret));
    expect(signedIn.response.status).toBe(200);
    const body = await json<{ accessToken: string; recoveryCodes: string[] }>(signedIn.response);
    expect(body.recoveryCodes).toHaveLength(10);
    expect((await login(identity.service, manager.email, PASSWORD, body.recoveryCodes[0])).response.status).toBe(200);

    // Required for the role: it cannot be turned off.
    const off = await identity.service.request('/api/auth/two-factor/disable', {
      method: 'POST',
      token: as(manager),
      json: { code: body.recoveryCodes[1] },
    });
    expect(off.status).toBe(409);

    expect((await login(identity.service, agent.email)).response.status).toBe(200);
    expect(
      (
        await identity.service.request('/api/auth/login/two-factor-setup', {
          method: 'POST',
          token: null,
          json: { username: agent.email, password: PASSWORD },
        })
      ).status,
    ).toBe(409);

    expect(
      (await identity.service.request('/api/identity/settings', { method: 'PUT', json: { twoFactorRequiredForStaff: false } })).status,
    ).toBe(200);
  });
});
