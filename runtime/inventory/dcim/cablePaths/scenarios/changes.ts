/**
 * NetBox's test_cablepaths.py 301–303 and 401: paths made through a cable that was there first, a
 * cable's status changed, a termination removed from a cable (PATCH of its ends), and a cable
 * whose path would cross ports of two devices at once, refused; and a rear port in use deleted.
 */
import { complete, inactive, kept, partial, type Case } from './harness.ts';

export const cases: Case[] = [
  {
    name: 'test_301_create_path_via_existing_cable', // [IF1] --C1-- [FP1] [RP1] --C2-- [RP2] [FP2] --C3-- [IF2]
    prefix: 't301',
    topology: { interfaces: ['IF1', 'IF2'], rearPorts: { RP1: 1, RP2: 1 }, frontPorts: { FP1: ['RP1', 1], FP2: ['RP2', 1] } },
    steps: [
      { create: { C2: ['RP1', 'RP2'] }, paths: [] },
      { create: { C1: ['IF1', 'FP1'] }, paths: [partial('IF1 C1 FP1 RP1 C2 RP2 FP2')] },
      { create: { C3: ['FP2', 'IF2'] }, paths: [complete('IF1 C1 FP1 RP1 C2 RP2 FP2 C3 IF2'), complete('IF2 C3 FP2 RP2 C2 RP1 FP1 C1 IF1')] },
    ],
  },
  {
    name: 'test_302_update_path_on_cable_status_change', // [IF1] --C1-- [FP1] [RP1] --C2-- [IF2]
    prefix: 't302',
    topology: { interfaces: ['IF1', 'IF2'], rearPorts: { RP1: 1 }, frontPorts: { FP1: ['RP1', 1] } },
    steps: [
      { create: { C1: ['IF1', 'FP1'], C2: ['RP1', 'IF2'] }, paths: [complete('IF1 C1 FP1 RP1 C2 IF2'), complete('IF2 C2 RP1 FP1 C1 IF1')] },
      { status: { C2: 'planned' }, paths: [inactive('IF1 C1 FP1 RP1 C2 IF2'), inactive('IF2 C2 RP1 FP1 C1 IF1')] },
      { status: { C2: 'connected' }, paths: [complete('IF1 C1 FP1 RP1 C2 IF2'), complete('IF2 C2 RP1 FP1 C1 IF1')] },
    ],
  },
  {
    name: 'test_303_remove_termination_from_existing_cable', // [IF1] --C1-- [IF2] [IF3], then IF3 taken off C1
    prefix: 't303',
    topology: { interfaces: ['IF1', 'IF2', 'IF3'] },
    steps: [
      { create: { C1: ['IF1', ['IF2', 'IF3']] }, paths: [complete('IF1 C1 (IF2,IF3)'), complete('(IF2,IF3) C1 IF1')] },
      // IF3 keeps no path (NetBox #21127).
      { reterminate: { C1: { b: ['IF2'] } }, paths: [complete('IF1 C1 IF2'), complete('IF2 C1 IF1')] },
    ],
  },
  {
    // [IF1] --C1-- [FP1] [RP1] --C2-- [IF2], then RP1 deleted (issue 22: a rear port in use). Not one
    // of NetBox's tests; its signals retrace both paths in place: IF1's ends at FP1, which maps to
    // nothing now, IF2's at the end of C2 that has nothing left on it.
    name: 'a rear port in use deleted',
    prefix: 'rpdel',
    topology: { interfaces: ['IF1', 'IF2'], rearPorts: { RP1: 1 }, frontPorts: { FP1: ['RP1', 1] } },
    steps: [
      { create: { C1: ['IF1', 'FP1'], C2: ['RP1', 'IF2'] }, paths: [complete('IF1 C1 FP1 RP1 C2 IF2'), complete('IF2 C2 RP1 FP1 C1 IF1')] },
      { remove: ['RP1'], paths: [kept(partial('IF1 C1 FP1')), partial('IF2 C2 ()')] },
    ],
  },
  {
    // [IF1] --C1-- [FP1][Test Device][RP1] --C2-- [RP2][Test Device][FP2] --C3-- [IF2]
    //              [FP3][mid-span  ][RP3] --C4-- [RP4][mid-span  ][FP4] /
    // C1 and C3 would each make a path whose rear ports are on two devices at once: NetBox's
    // from_origin() raises UnsupportedCablePath, Cable.save() an AbortRequest, which the API answers
    // as 400 `{detail}`, and nothing is written. (NetBox puts the exception object itself in
    // `detail`, which DRF's JSON encoder cannot serialise — by our reading a 500 there; here the
    // 400 with its message.)
    name: 'test_401_exclude_midspan_devices',
    prefix: 't401',
    topology: {
      interfaces: ['IF1', 'IF2'],
      rearPorts: { RP1: 1, RP2: 1, RP3: 1, RP4: 1 },
      frontPorts: { FP1: ['RP1', 1], FP2: ['RP2', 1], FP3: ['RP3', 1], FP4: ['RP4', 1] },
      otherDevice: ['RP3', 'RP4', 'FP3', 'FP4'],
    },
    steps: [
      { create: { C2: ['RP1', 'RP2'], C4: ['RP3', 'RP4'] }, paths: [] },
      { create: { C1: ['IF1', ['FP1', 'FP3']] }, refused: { status: 400, body: { detail: 'All mid-span terminations must have the same parent object' } } },
      { create: { C3: [['FP2', 'FP4'], 'IF2'] }, refused: { status: 400, body: { detail: 'All mid-span terminations must have the same parent object' } } },
    ],
  },
];
