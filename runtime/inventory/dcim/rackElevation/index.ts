/**
 * @module
 * dcim rack elevations: `GET racks/{id}/elevation/`, as JSON rack units or an SVG drawing.
 */
import type { AppRules } from '../../appRules.ts';
import { rackElevation as handler } from './elevation.ts';

export const rackElevation: AppRules = {
  operations: { 'rack-elevation': handler },
};
