import { z } from 'zod';

// Request and response bodies shared by the web app and the server (STYLE.md habit 2).

export const uuidSchema = z.uuid();
export const isoDateSchema = z.iso.date();

export const brandingSchema = z.object({
  appName: z.string(),
  shortName: z.string(),
  themeColor: z.string(),
  backgroundColor: z.string(),
  iconUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  displayOrder: z.number(),
  isActive: z.boolean(),
  showOnMobile: z.boolean(),
  showOnDesktop: z.boolean(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  country: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

export const publicSettingsSchema = z.object({
  localAdultPrice: z.string(),
  localChildPrice: z.string(),
  foreignerAdultPrice: z.string(),
  foreignerChildPrice: z.string(),
  exchangeRate: z.string(),
  bankName: z.string(),
  accountHolder: z.string(),
  accountNumber: z.string(),
  bankNameUsd: z.string(),
  accountHolderUsd: z.string(),
  accountNumberUsd: z.string(),
  paymentInstructions: z.string(),
  paymentMethod: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export type ApiErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
