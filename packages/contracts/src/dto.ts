import type { Locale } from './locales.ts';
import type { Role } from './roles.ts';
import type { PaymentScheme } from './task-states.ts';

export interface CountryDto {
  id: number;
  code: string;
  name: string;
}

/** The customer as its own users see it (my company); `balance` only for CLIENT_ADMIN. */
export interface CompanyDto {
  id: number;
  name: string;
  customer_number: string | null;
  address: string | null;
  address_2: string | null;
  town: string | null;
  province: string | null;
  postal_code: string | null;
  tin: string | null;
  country: CountryDto | null;
  success_representative: string | null;
  success_representative_email: string | null;
  payment_scheme: PaymentScheme;
  show_rates: boolean;
  /** Euros as a decimal string ("120.50"). */
  balance?: string;
}

export interface UserDto {
  id: number;
  name: string;
  lastname: string;
  email: string;
  phone: string | null;
  type: Role;
  language: Locale;
  is_active: boolean;
  customer_id: number | null;
  customer: CompanyDto | null;
  departments: Array<{ id: number; title: string }>;
}

export interface LoginResponse {
  user: UserDto;
  access_token: string;
  token_type: 'Bearer';
  /** Seconds until the token expires. */
  expires_in: number;
}
