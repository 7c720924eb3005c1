import { z } from 'zod';
import { intQuery } from '../schemas.ts';

export const listCommunitiesQuery = z.object({ limit: intQuery(1, 50, 20) });

/** The interface gives the id as a string; one that is not a plain integer names no community (404). */
export const communityParams = z.object({ community_id: z.string().min(1) });
export const communityQuery = z.object({ entity_limit: intQuery(1, 50, 20) });
