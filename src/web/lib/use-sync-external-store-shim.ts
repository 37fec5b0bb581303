// React has had useSyncExternalStore since 18; the `use-sync-external-store` shim that wouter
// imports for older Reacts is aliased here (vite.config.ts), so the first load carries no copy.
export { useSyncExternalStore } from 'react';
