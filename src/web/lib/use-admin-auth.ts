import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthMe, DemoCredentials, LoginRequest, PasswordChange } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { useNavigate } from '#web/lib/navigation.tsx';
import { toast } from '#web/lib/toast.ts';
import { ApiError, api } from './api-client.ts';

/** Every admin query key starts with this, so signing out can drop them all at once. */
export const ADMIN_KEY = 'admin';

/**
 * Who was last signed in on this device, for a boarding device that reloads at a jetty with no
 * signal: only while the network is down, and only for a role that boards. The server still
 * decides every request; this only lets the kept boarding screen open. Gone on sign-out and 401.
 */
const OFFLINE_ME = 'admin-me-offline';

function rememberMe(me: AuthMe) {
  try {
    if (me.user?.permissions.includes('boarding.board')) localStorage.setItem(OFFLINE_ME, JSON.stringify(me));
    else localStorage.removeItem(OFFLINE_ME);
  } catch {
    // No storage: an offline reload asks to sign in again.
  }
}

export function forgetMe() {
  try {
    localStorage.removeItem(OFFLINE_ME);
  } catch {
    // Nothing kept.
  }
}

function rememberedMe(): AuthMe | null {
  try {
    const kept = localStorage.getItem(OFFLINE_ME);
    return kept ? (JSON.parse(kept) as AuthMe) : null;
  } catch {
    return null;
  }
}

/**
 * What a boarding device keeps between sessions (features/admin/boarding: the manifests, the boardings
 * not sent yet), each loaded only when a session needs it. The admin area's pages give it
 * (pages/admin/boarding-device.ts), so this module imports no feature.
 */
export type BoardingDevice = {
  /** Forgets the passengers' names kept for boarding offline. */
  wipe: () => Promise<void>;
  /** Sends the boardings marked while offline. */
  sendQueued: () => Promise<void>;
};

let boardingDevice: BoardingDevice | null = null;

export function setBoardingDevice(device: BoardingDevice) {
  boardingDevice = device;
}

/** Passengers' names kept by a boarding device go with the session; unsent boardings stay. */
function wipeBoardingDevice() {
  void boardingDevice?.wipe().catch(() => {
    // No IndexedDB here: nothing was kept.
  });
}

async function readMe(signal: AbortSignal): Promise<AuthMe> {
  try {
    const me = await api.get<AuthMe>('/api/auth/me', { signal });
    rememberMe(me);
    // Nobody signed in (the session ended, expired, or was never there): nothing stays kept.
    if (!me.user) wipeBoardingDevice();
    return me;
  } catch (error) {
    const offline = error instanceof ApiError && error.code === 'network_error';
    const kept = offline ? rememberedMe() : null;
    if (kept) return kept;
    if (error instanceof ApiError && error.status === 401) {
      forgetMe();
      wipeBoardingDevice();
    }
    throw error;
  }
}

export const adminMeQuery = queryOptions({
  queryKey: [ADMIN_KEY, 'me'],
  queryFn: ({ signal }) => readMe(signal),
  // Who is signed in is checked on every visit to the admin area, never taken from a stale cache.
  staleTime: 0,
});

export function useAdminMe() {
  return useQuery(adminMeQuery);
}

export function useDemoCredentials() {
  return useQuery({
    queryKey: [ADMIN_KEY, 'demo-credentials'],
    queryFn: ({ signal }) => api.get<DemoCredentials>('/api/auth/demo-credentials', { signal }),
    staleTime: 0,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => api.post<AuthMe>('/api/auth/login', body),
    onSuccess: (me) => {
      rememberMe(me);
      // Boardings a device could not send before are sent now (a crew member's next sign-in).
      if (me.user?.permissions.includes('boarding.board')) {
        void boardingDevice?.sendQueued();
      }
      // Data cached for a previous admin must not show for this one.
      queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
      queryClient.setQueryData(adminMeQuery.queryKey, me);
    },
  });
}

/** After a sign-out: the toast, the login page, then the admin data is dropped. */
function useLeaveAdminArea() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (message: string) => {
    toast.success(message);
    forgetMe();
    wipeBoardingDevice();
    await queryClient.cancelQueries({ queryKey: [ADMIN_KEY] });
    navigate('/admin/login', { replace: true });
    queryClient.removeQueries({ queryKey: [ADMIN_KEY], predicate: (q) => q.getObserversCount() === 0 });
  };
}

/**
 * Signs out: toast, the login page, then the admin data is dropped. The cache is cleared only
 * after the admin screens have gone, so none of them refetches without a session.
 */
export function useSignOut() {
  const leave = useLeaveAdminArea();
  return useMutation({
    mutationFn: () => api.post<undefined>('/api/auth/logout'),
    onSuccess: () => leave(MSG.loggedOut),
    // docs/product.md section 8: 'Failed to logout' (the server's message may show).
    onError: (error) => {
      const detail =
        error instanceof ApiError && error.message !== MSG.logoutFailed ? error.message : undefined;
      toast.error(MSG.logoutFailed, { description: detail });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) => api.post<undefined>('/api/auth/password', body),
  });
}

/**
 * Ends every session of the signed-in person, this device's included (a lost phone, a shared
 * computer), then leaves for the login page the way useSignOut does.
 */
export function useSignOutEverywhere() {
  const leave = useLeaveAdminArea();
  return useMutation({
    mutationFn: () => api.post<undefined>('/api/auth/logout-everywhere'),
    onSuccess: () => leave(STAFF_MSG.signedOutEverywhere),
    onError: (error) => toast.error(error instanceof ApiError ? error.message : MSG.serverError),
  });
}
