import { setBoardingDevice } from '#web/lib/use-admin-auth.ts';

// The boarding device's part in signing in and out (use-admin-auth.ts): the admin area's two ways
// in, the login page and the routes, import this before anything asks who is signed in. Each
// piece of features/admin/boarding loads only when a session needs it.
setBoardingDevice({
  wipe: () => import('#web/features/admin/boarding/device-store.ts').then((store) => store.wipeManifests()),
  sendQueued: () => import('#web/features/admin/boarding/sync.ts').then((sync) => sync.sendQueued()),
});
