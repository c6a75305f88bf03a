/**
 * @module
 * dcim rack reservations: their display and unit count (SQL expressions), the `unit` and
 * `unit_count_*` filters, and the model's clean() (units within the rack, none reserved twice).
 */
import type { AppRules } from '../../appRules.ts';
import { reservationDisplay, reservationUnitCount } from './expressions.ts';
import { reservationUnit, reservationUnitCountMax, reservationUnitCountMin } from './filters.ts';
import { rackReservationRules } from './reservationRules.ts';

export const rackReservations: AppRules = {
  expressions: {
    rack_reservation: reservationDisplay,
    rack_reservation_unit_count: reservationUnitCount,
  },
  methods: {
    rack_reservation_unit: reservationUnit,
    rack_reservation_unit_count_min: reservationUnitCountMin,
    rack_reservation_unit_count_max: reservationUnitCountMax,
  },
  rules: {
    'dcim.rack-reservations': rackReservationRules,
  },
};
