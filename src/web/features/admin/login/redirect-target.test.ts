import { describe, expect, it } from 'vitest';
import type { AuthMe } from '#shared/admin-api.ts';
import { fromPartnerScreen, landingFor } from './redirect-target.ts';

const partner: AuthMe = {
  user: null,
  partner: {
    userId: 'u1',
    email: 'desk@resort.example',
    partnerId: 'p1',
    partnerName: 'Coral Reef Resort',
    currency: 'USD',
  },
};

describe('landingFor', () => {
  it('sends a partner’s user back to its screen’s view, and to the screen from anywhere else', () => {
    expect(landingFor({ from: '/partner' }, partner)).toBe('/partner');
    expect(landingFor({ from: '/partner?view=bookings' }, partner)).toBe('/partner?view=bookings');
    expect(landingFor({ from: '/admin/tickets' }, partner)).toBe('/partner');
    expect(landingFor(null, partner)).toBe('/partner');
  });

  it('sends staff where redirectTarget says, never to the partner’s screen', () => {
    const owner = { user: { role: 'owner' } } as AuthMe;
    expect(landingFor({ from: '/admin/tickets' }, owner)).toBe('/admin/tickets');
    expect(landingFor({ from: '/partner' }, owner)).toBe('/admin/dashboard');
  });

  it('is null while nobody is signed in', () => {
    expect(landingFor(null, { user: null, partner: null })).toBeNull();
    expect(landingFor(null, undefined)).toBeNull();
  });
});

describe('fromPartnerScreen', () => {
  it('tells a visit sent from the partner’s screen', () => {
    expect(fromPartnerScreen({ from: '/partner?view=bookings' })).toBe(true);
    expect(fromPartnerScreen({ from: '/admin/counter' })).toBe(false);
    expect(fromPartnerScreen(null)).toBe(false);
  });
});
