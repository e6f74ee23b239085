// The IdP's claims as a profile, by the OIDC_CLAIM_* mapping: dotted paths, ADFS's single role, Entra's e-mail claim.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { claimAt, profileOfClaims } from '../src/oidc/claims.js';

const quiet = { warn: () => undefined };

function oidcConfig(env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/miniapps-oidc-claims-test',
    PUBLIC_URL: 'https://apps.uni.example',
    OIDC_ISSUER: 'https://id.uni.example/realms/university',
    OIDC_CLIENT_ID: 'miniapps',
    ...env,
  });
  return config.oidc!;
}

describe('claims → profile', () => {
  it('reads dotted paths, and nothing through a list or a string', () => {
    const claims = {
      realm_access: { roles: ['a'] },
      study: { group: 'ПИ-31' },
      list: [{ x: 1 }],
      text: 'abc',
    };
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['a']);
    expect(claimAt(claims, 'study.group')).toBe('ПИ-31');
    expect(claimAt(claims, 'list.0')).toBeUndefined();
    expect(claimAt(claims, 'text.length')).toBeUndefined();
    expect(claimAt(claims, 'missing.path')).toBeUndefined();
  });

  it('maps Keycloak realm roles and attributes under other names', () => {
    const config = oidcConfig({
      OIDC_ROLES_CLAIM: 'realm_access.roles',
      OIDC_MODERATOR_ROLE: 'miniapps-moderator',
      OIDC_CLAIM_NAME: 'display_name',
      OIDC_CLAIM_COURSE: 'study.course',
      OIDC_CLAIM_GROUP: 'study.group',
    });
    const described = profileOfClaims(
      {
        email: 'Anna@Uni.Example',
        display_name: 'Анна Иванова',
        study: { course: 3, group: 'ПИ-31' },
        realm_access: { roles: ['offline_access', 'miniapps-moderator'] },
      },
      config,
      'sub-1',
      quiet,
    );
    expect(described).toEqual({
      ok: true,
      profile: {
        email: 'anna@uni.example',
        fullName: 'Анна Иванова',
        course: '3',
        group: 'ПИ-31',
        roles: ['moderator'],
      },
    });
  });

  it('takes ADFS’s single role as a list of one, and no role as none', () => {
    const config = oidcConfig({ OIDC_ROLES_CLAIM: 'roles' });
    const one = profileOfClaims({ email: 'a@uni.example', roles: 'moderator' }, config, 's', quiet);
    expect(one.ok && one.profile.roles).toEqual(['moderator']);
    const none = profileOfClaims({ email: 'a@uni.example' }, config, 's', quiet);
    expect(none.ok && none.profile.roles).toEqual([]);
  });

  it('leaves the roles alone without OIDC_ROLES_CLAIM', () => {
    const described = profileOfClaims(
      { email: 'a@uni.example', roles: ['moderator'] },
      oidcConfig(),
      's',
      quiet,
    );
    expect(described.ok && described.profile.roles).toBeUndefined();
  });

  it('reads the e-mail where OIDC_CLAIM_EMAIL says (Entra: preferred_username)', () => {
    const config = oidcConfig({ OIDC_CLAIM_EMAIL: 'preferred_username' });
    const described = profileOfClaims({ preferred_username: 'ivan@uni.example' }, config, 's', quiet);
    expect(described.ok && described.profile.email).toBe('ivan@uni.example');
    expect(profileOfClaims({ email: 'ivan@uni.example' }, config, 's', quiet)).toEqual({
      ok: false,
      problem: 'no_email',
    });
  });

  it('refuses an e-mail the IdP has not verified, and one that is not an address', () => {
    const config = oidcConfig();
    expect(profileOfClaims({ email: 'a@uni.example', email_verified: false }, config, 's', quiet)).toEqual({
      ok: false,
      problem: 'email_unverified',
    });
    expect(profileOfClaims({ email: 'not an address' }, config, 's', quiet)).toEqual({
      ok: false,
      problem: 'no_email',
    });
  });

  it('refuses a claim path with spaces or empty names', () => {
    expect(() => oidcConfig({ OIDC_CLAIM_GROUP: 'study..group' })).toThrow(
      /OIDC_CLAIM_GROUP must be a claim name/,
    );
    expect(() => oidcConfig({ OIDC_ROLES_CLAIM: 'realm roles' })).toThrow(/OIDC_ROLES_CLAIM/);
  });
});
