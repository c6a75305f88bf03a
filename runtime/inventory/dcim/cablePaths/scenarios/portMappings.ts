/**
 * NetBox's test_cablepaths2.py 304–306 (the ones of that file that need no cable profile): a port
 * mapping added, deleted and changed between ports already cabled — here a front port's
 * `rear_ports` written with PATCH — retraces the paths through both ports.
 */
import { complete, partial, type Case } from './harness.ts';

const unmapped = { positions: 1, map: [] };

export const cases: Case[] = [
  {
    name: 'test_304_add_port_mapping_between_connected_ports', // [IF1] --C1-- [FP1] [RP1] --C2-- [IF2]
    prefix: 't304',
    topology: { interfaces: ['IF1', 'IF2'], rearPorts: { RP1: 1 }, frontPorts: { FP1: unmapped } },
    steps: [
      { create: { C1: ['IF1', 'FP1'], C2: ['IF2', 'RP1'] }, paths: [partial('IF1 C1 FP1'), partial('IF2 C2 RP1')] },
      { remap: { FP1: [[1, 'RP1', 1]] }, paths: [complete('IF1 C1 FP1 RP1 C2 IF2'), complete('IF2 C2 RP1 FP1 C1 IF1')] },
    ],
  },
  {
    name: 'test_305_delete_port_mapping_between_connected_ports', // [IF1] --C1-- [FP1] [RP1] --C2-- [IF2]
    prefix: 't305',
    topology: { interfaces: ['IF1', 'IF2'], rearPorts: { RP1: 1 }, frontPorts: { FP1: ['RP1', 1] } },
    steps: [
      { create: { C1: ['IF1', 'FP1'], C2: ['IF2', 'RP1'] }, paths: [complete('IF1 C1 FP1 RP1 C2 IF2'), complete('IF2 C2 RP1 FP1 C1 IF1')] },
      { remap: { FP1: [] }, paths: [partial('IF1 C1 FP1'), partial('IF2 C2 RP1')] },
    ],
  },
  {
    // [IF1] --C1-- [FP1] [RP1] --C3-- [IF3]
    // [IF2] --C2-- [FP2] [RP2] --C4-- [IF4]
    name: 'test_306_change_port_mapping_between_connected_ports',
    prefix: 't306',
    topology: { interfaces: ['IF1', 'IF2', 'IF3', 'IF4'], rearPorts: { RP1: 1, RP2: 1 }, frontPorts: { FP1: unmapped, FP2: unmapped } },
    steps: [
      {
        create: { C1: ['IF1', 'FP1'], C2: ['IF2', 'FP2'], C3: ['IF3', 'RP1'], C4: ['IF4', 'RP2'] },
        paths: [partial('IF1 C1 FP1'), partial('IF2 C2 FP2'), partial('IF3 C3 RP1'), partial('IF4 C4 RP2')],
      },
      {
        remap: { FP1: [[1, 'RP1', 1]] },
        paths: [complete('IF1 C1 FP1 RP1 C3 IF3'), complete('IF3 C3 RP1 FP1 C1 IF1'), partial('IF2 C2 FP2'), partial('IF4 C4 RP2')],
      },
      {
        remap: { FP1: [[1, 'RP2', 1]] },
        paths: [complete('IF1 C1 FP1 RP2 C4 IF4'), complete('IF4 C4 RP2 FP1 C1 IF1'), partial('IF2 C2 FP2'), partial('IF3 C3 RP1')],
      },
      {
        remap: { FP1: [], FP2: [[1, 'RP2', 1]] },
        paths: [complete('IF2 C2 FP2 RP2 C4 IF4'), complete('IF4 C4 RP2 FP2 C2 IF2'), partial('IF1 C1 FP1'), partial('IF3 C3 RP1')],
      },
    ],
  },
];
