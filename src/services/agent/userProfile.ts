import type { Deps } from '../deps.ts';
import { settingLock } from '../locks.ts';

/** The owner's profile (reference UserProfileResponse): who the agents work for, read by the CLI and extensions. */
export interface UserProfile {
  name: string;
  aliases: string;
  context: string;
  preferred_language: string;
  custom_instructions: string;
}

/** Stored in the settings table under this key, as one JSON object. */
export const USER_PROFILE_SETTING = 'user_profile';

const DEFAULTS: UserProfile = { name: '', aliases: '', context: '', preferred_language: 'en', custom_instructions: '' };

/** A stored value as the profile: known string fields kept, anything else read as its default. */
function presentUserProfile(stored: unknown): UserProfile {
  const fields = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const pick = (key: keyof UserProfile) => (typeof fields[key] === 'string' ? (fields[key] as string) : DEFAULTS[key]);
  return {
    name: pick('name'),
    aliases: pick('aliases'),
    context: pick('context'),
    preferred_language: pick('preferred_language'),
    custom_instructions: pick('custom_instructions'),
  };
}

export async function getUserProfile(deps: Pick<Deps, 'store'>): Promise<UserProfile> {
  return presentUserProfile(await deps.store.settings.get(USER_PROFILE_SETTING));
}

/** Changes the fields given (a PUT sends them all, a PATCH some) and answers the whole profile. */
export async function updateUserProfile(deps: Pick<Deps, 'store' | 'clock'>, changes: Partial<UserProfile>): Promise<UserProfile> {
  return deps.store.transaction(async tx => {
    await tx.locks.hold([settingLock(USER_PROFILE_SETTING)]);
    const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const profile = { ...presentUserProfile(await tx.settings.get(USER_PROFILE_SETTING)), ...given };
    await tx.settings.set(USER_PROFILE_SETTING, profile, deps.clock.now());
    return profile;
  });
}
