import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema, otpSchema } from '@skillroute/shared/auth';
import { z } from 'zod';

// The sign-in page's forms' rules, loaded after its first picture (lib/lazy-resolver.ts): only this module brings
// zod to /login.

export const codeFormSchema = z.object({ otp: otpSchema });

export const loginResolver = zodResolver(loginBodySchema);
export const codeResolver = zodResolver(codeFormSchema);
