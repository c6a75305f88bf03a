/**
 * NetBox's test_cablepaths.py 201–209, 217–222 and 224: paths through front and rear ports, one
 * and several positions, breakouts (several terminations at a cable end), nested and patched
 * pass-throughs, split and non-symmetric paths. Where NetBox's test asserts only counts (“four
 * partial paths”), the paths are written out as its CablePath.from_origin() traces them.
 */
import { complete, kept, partial, split, type Case } from './harness.ts';

/** Four-position rear ports RP1, RP2 with front ports FPn:1, FPn:2 on their first positions (203, 204, 206, 215). */
const twoPanels = {
  rearPorts: { RP1: 4, RP2: 4 },
  frontPorts: { 'FP1:1': ['RP1', 1], 'FP1:2': ['RP1', 2], 'FP2:1': ['RP2', 1], 'FP2:2': ['RP2', 2] },
} satisfies Case['topology'];

/** Single-position rear ports RP1…RPn, each with its front port FPn. */
function onePositionPorts(n: number): Case['topology'] {
  const numbers = Array.from({ length: n }, (_, i) => i + 1);
  return { rearPorts: Object.fromEntries(numbers.map((i) => [`RP${i}`, 1])), frontPorts: Object.fromEntries(numbers.map((i) => [`FP${i}`, [`RP${i}`, 1]])) };
}

export const cases: Case[] = [
  {
    name: 'test_201_single_path_via_pass_through', // [IF1] --C1-- [FP1] [RP1] --C2-- [IF2]
    prefix: 't201',
    topology: { interfaces: ['IF1', 'IF2'], ...onePositionPorts(1) },
    steps: [
      { create: { C1: ['IF1', 'FP1'] }, paths: [partial('IF1 C1 FP1 RP1')] },
      { create: { C2: ['RP1', 'IF2'] }, paths: [complete('IF1 C1 FP1 RP1 C2 IF2'), complete('IF2 C2 RP1 FP1 C1 IF1')] },
      { remove: ['C2'], paths: [partial('IF1 C1 FP1 RP1')] },
    ],
  },
  {
    name: 'test_202_single_path_via_pass_through_with_breakouts', // [IF1,IF2] --C1-- [FP1] [RP1] --C2-- [IF3,IF4]
    prefix: 't202',
    topology: { interfaces: ['IF1', 'IF2', 'IF3', 'IF4'], ...onePositionPorts(1) },
    steps: [
      { create: { C1: [['IF1', 'IF2'], 'FP1'] }, paths: [partial('(IF1,IF2) C1 FP1 RP1')] },
      { create: { C2: ['RP1', ['IF3', 'IF4']] }, paths: [complete('(IF1,IF2) C1 FP1 RP1 C2 (IF3,IF4)'), complete('(IF3,IF4) C2 RP1 FP1 C1 (IF1,IF2)')] },
      { remove: ['C2'], paths: [partial('(IF1,IF2) C1 FP1 RP1')] },
    ],
  },
  {
    // [IF1] --C1-- [FP1:1] [RP1] --C3-- [RP2] [FP2:1] --C4-- [IF3]
    // [IF2] --C2-- [FP1:2]                    [FP2:2] --C5-- [IF4]
    name: 'test_203_multiple_paths_via_pass_through',
    prefix: 't203',
    topology: { interfaces: ['IF1', 'IF2', 'IF3', 'IF4'], ...twoPanels },
    steps: [
      { create: { C1: ['IF1', 'FP1:1'], C2: ['IF2', 'FP1:2'] }, paths: [partial('IF1 C1 FP1:1 RP1'), partial('IF2 C2 FP1:2 RP1')] },
      { create: { C3: ['RP1', 'RP2'] }, paths: [partial('IF1 C1 FP1:1 RP1 C3 RP2 FP2:1'), partial('IF2 C2 FP1:2 RP1 C3 RP2 FP2:2')] },
      {
        create: { C4: ['FP2:1', 'IF3'], C5: ['FP2:2', 'IF4'] },
        paths: [
          complete('IF1 C1 FP1:1 RP1 C3 RP2 FP2:1 C4 IF3'),
          complete('IF2 C2 FP1:2 RP1 C3 RP2 FP2:2 C5 IF4'),
          complete('IF3 C4 FP2:1 RP2 C3 RP1 FP1:1 C1 IF1'),
          complete('IF4 C5 FP2:2 RP2 C3 RP1 FP1:2 C2 IF2'),
        ],
      },
      {
        remove: ['C3'],
        paths: [kept(partial('IF1 C1 FP1:1 RP1')), kept(partial('IF2 C2 FP1:2 RP1')), kept(partial('IF3 C4 FP2:1 RP2')), kept(partial('IF4 C5 FP2:2 RP2'))],
      },
    ],
  },
  {
    // [IF1,IF2] --C1-- [FP1:1] [RP1] --C3-- [RP2] [FP2:1] --C4-- [IF5,IF6]
    // [IF3,IF4] --C2-- [FP1:2]                    [FP2:2] --C5-- [IF7,IF8]
    name: 'test_204_multiple_paths_via_pass_through_with_breakouts',
    prefix: 't204',
    topology: { interfaces: ['IF1', 'IF2', 'IF3', 'IF4', 'IF5', 'IF6', 'IF7', 'IF8'], ...twoPanels },
    steps: [
      { create: { C1: [['IF1', 'IF2'], 'FP1:1'], C2: [['IF3', 'IF4'], 'FP1:2'] }, paths: [partial('(IF1,IF2) C1 FP1:1 RP1'), partial('(IF3,IF4) C2 FP1:2 RP1')] },
      { create: { C3: ['RP1', 'RP2'] }, paths: [partial('(IF1,IF2) C1 FP1:1 RP1 C3 RP2 FP2:1'), partial('(IF3,IF4) C2 FP1:2 RP1 C3 RP2 FP2:2')] },
      {
        create: { C4: ['FP2:1', ['IF5', 'IF6']], C5: ['FP2:2', ['IF7', 'IF8']] },
        paths: [
          complete('(IF1,IF2) C1 FP1:1 RP1 C3 RP2 FP2:1 C4 (IF5,IF6)'),
          complete('(IF3,IF4) C2 FP1:2 RP1 C3 RP2 FP2:2 C5 (IF7,IF8)'),
          complete('(IF5,IF6) C4 FP2:1 RP2 C3 RP1 FP1:1 C1 (IF1,IF2)'),
          complete('(IF7,IF8) C5 FP2:2 RP2 C3 RP1 FP1:2 C2 (IF3,IF4)'),
        ],
      },
      {
        remove: ['C3'],
        paths: [
          kept(partial('(IF1,IF2) C1 FP1:1 RP1')),
          kept(partial('(IF3,IF4) C2 FP1:2 RP1')),
          kept(partial('(IF5,IF6) C4 FP2:1 RP2')),
          kept(partial('(IF7,IF8) C5 FP2:2 RP2')),
        ],
      },
    ],
  },
  {
    // [IF1] --C1-- [FP1:1] [RP1] --C3-- [FP2] [RP2] --C4-- [RP3] [FP3] --C5-- [RP4] [FP4:1] --C6-- [IF3]
    // [IF2] --C2-- [FP1:2]                                                          [FP4:2] --C7-- [IF4]
    name: 'test_205_multiple_paths_via_nested_pass_throughs',
    prefix: 't205',
    topology: {
      interfaces: ['IF1', 'IF2', 'IF3', 'IF4'],
      rearPorts: { RP1: 4, RP2: 1, RP3: 1, RP4: 4 },
      frontPorts: { 'FP1:1': ['RP1', 1], 'FP1:2': ['RP1', 2], FP2: ['RP2', 1], FP3: ['RP3', 1], 'FP4:1': ['RP4', 1], 'FP4:2': ['RP4', 2] },
    },
    steps: [
      {
        create: { C1: ['IF1', 'FP1:1'], C2: ['IF2', 'FP1:2'], C6: ['IF3', 'FP4:1'], C7: ['IF4', 'FP4:2'] },
        paths: [partial('IF1 C1 FP1:1 RP1'), partial('IF2 C2 FP1:2 RP1'), partial('IF3 C6 FP4:1 RP4'), partial('IF4 C7 FP4:2 RP4')],
      },
      {
        create: { C3: ['RP1', 'FP2'], C5: ['RP4', 'FP3'] },
        paths: [partial('IF1 C1 FP1:1 RP1 C3 FP2 RP2'), partial('IF2 C2 FP1:2 RP1 C3 FP2 RP2'), partial('IF3 C6 FP4:1 RP4 C5 FP3 RP3'), partial('IF4 C7 FP4:2 RP4 C5 FP3 RP3')],
      },
      {
        create: { C4: ['RP2', 'RP3'] },
        paths: [
          complete('IF1 C1 FP1:1 RP1 C3 FP2 RP2 C4 RP3 FP3 C5 RP4 FP4:1 C6 IF3'),
          complete('IF2 C2 FP1:2 RP1 C3 FP2 RP2 C4 RP3 FP3 C5 RP4 FP4:2 C7 IF4'),
          complete('IF3 C6 FP4:1 RP4 C5 FP3 RP3 C4 RP2 FP2 C3 RP1 FP1:1 C1 IF1'),
          complete('IF4 C7 FP4:2 RP4 C5 FP3 RP3 C4 RP2 FP2 C3 RP1 FP1:2 C2 IF2'),
        ],
      },
      {
        // NetBox asserts four partial paths; the far side's now end at FP2.
        remove: ['C3'],
        paths: [partial('IF1 C1 FP1:1 RP1'), partial('IF2 C2 FP1:2 RP1'), partial('IF3 C6 FP4:1 RP4 C5 FP3 RP3 C4 RP2 FP2'), partial('IF4 C7 FP4:2 RP4 C5 FP3 RP3 C4 RP2 FP2')],
      },
    ],
  },
  {
    // [IF1] --C1-- [FP1:1] [RP1] --C3-- [RP2] [FP2:1] --C4-- [FP3:1] [RP3] --C6-- [RP4] [FP4:1] --C7-- [IF3]
    // [IF2] --C2-- [FP1:2]                    [FP2:2] --C5-- [FP3:2]                    [FP4:2] --C8-- [IF4]
    name: 'test_206_multiple_paths_via_multiple_pass_throughs',
    prefix: 't206',
    topology: {
      interfaces: ['IF1', 'IF2', 'IF3', 'IF4'],
      rearPorts: { RP1: 4, RP2: 4, RP3: 4, RP4: 4 },
      frontPorts: {
        'FP1:1': ['RP1', 1], 'FP1:2': ['RP1', 2], 'FP2:1': ['RP2', 1], 'FP2:2': ['RP2', 2],
        'FP3:1': ['RP3', 1], 'FP3:2': ['RP3', 2], 'FP4:1': ['RP4', 1], 'FP4:2': ['RP4', 2],
      },
    },
    steps: [
      {
        create: { C1: ['IF1', 'FP1:1'], C2: ['IF2', 'FP1:2'], C3: ['RP1', 'RP2'], C6: ['RP3', 'RP4'], C7: ['IF3', 'FP4:1'], C8: ['IF4', 'FP4:2'] },
        paths: [
          partial('IF1 C1 FP1:1 RP1 C3 RP2 FP2:1'),
          partial('IF2 C2 FP1:2 RP1 C3 RP2 FP2:2'),
          partial('IF3 C7 FP4:1 RP4 C6 RP3 FP3:1'),
          partial('IF4 C8 FP4:2 RP4 C6 RP3 FP3:2'),
        ],
      },
      {
        create: { C4: ['FP2:1', 'FP3:1'], C5: ['FP2:2', 'FP3:2'] },
        paths: [
          complete('IF1 C1 FP1:1 RP1 C3 RP2 FP2:1 C4 FP3:1 RP3 C6 RP4 FP4:1 C7 IF3'),
          complete('IF2 C2 FP1:2 RP1 C3 RP2 FP2:2 C5 FP3:2 RP3 C6 RP4 FP4:2 C8 IF4'),
          complete('IF3 C7 FP4:1 RP4 C6 RP3 FP3:1 C4 FP2:1 RP2 C3 RP1 FP1:1 C1 IF1'),
          complete('IF4 C8 FP4:2 RP4 C6 RP3 FP3:2 C5 FP2:2 RP2 C3 RP1 FP1:2 C2 IF2'),
        ],
      },
      {
        // NetBox: two complete (IF1 ↔ IF3), two partial.
        remove: ['C5'],
        paths: [
          complete('IF1 C1 FP1:1 RP1 C3 RP2 FP2:1 C4 FP3:1 RP3 C6 RP4 FP4:1 C7 IF3'),
          partial('IF2 C2 FP1:2 RP1 C3 RP2 FP2:2'),
          complete('IF3 C7 FP4:1 RP4 C6 RP3 FP3:1 C4 FP2:1 RP2 C3 RP1 FP1:1 C1 IF1'),
          partial('IF4 C8 FP4:2 RP4 C6 RP3 FP3:2'),
        ],
      },
    ],
  },
  {
    // [IF1] --C1-- [FP1:1] [RP1] --C3-- [FP2] [RP2] --C4-- [RP3] [FP3:1] --C5-- [IF3]
    // [IF2] --C2-- [FP1:2]                                       [FP3:2] --C6-- [IF4]
    name: 'test_207_multiple_paths_via_patched_pass_throughs',
    prefix: 't207',
    topology: {
      interfaces: ['IF1', 'IF2', 'IF3', 'IF4'],
      rearPorts: { RP1: 4, RP2: 1, RP3: 4 },
      frontPorts: { 'FP1:1': ['RP1', 1], 'FP1:2': ['RP1', 2], FP2: ['RP2', 1], 'FP3:1': ['RP3', 1], 'FP3:2': ['RP3', 2] },
    },
    steps: [
      {
        create: { C1: ['IF1', 'FP1:1'], C2: ['IF2', 'FP1:2'], C5: ['IF3', 'FP3:1'], C6: ['IF4', 'FP3:2'] },
        paths: [partial('IF1 C1 FP1:1 RP1'), partial('IF2 C2 FP1:2 RP1'), partial('IF3 C5 FP3:1 RP3'), partial('IF4 C6 FP3:2 RP3')],
      },
      {
        create: { C3: ['RP1', 'FP2'], C4: ['RP2', 'RP3'] },
        paths: [
          complete('IF1 C1 FP1:1 RP1 C3 FP2 RP2 C4 RP3 FP3:1 C5 IF3'),
          complete('IF2 C2 FP1:2 RP1 C3 FP2 RP2 C4 RP3 FP3:2 C6 IF4'),
          complete('IF3 C5 FP3:1 RP3 C4 RP2 FP2 C3 RP1 FP1:1 C1 IF1'),
          complete('IF4 C6 FP3:2 RP3 C4 RP2 FP2 C3 RP1 FP1:2 C2 IF2'),
        ],
      },
      {
        remove: ['C3'],
        paths: [
          kept(partial('IF1 C1 FP1:1 RP1')),
          kept(partial('IF2 C2 FP1:2 RP1')),
          kept(partial('IF3 C5 FP3:1 RP3 C4 RP2 FP2')),
          kept(partial('IF4 C6 FP3:2 RP3 C4 RP2 FP2')),
        ],
      },
    ],
  },
  {
    // [IF1] --C1-- [RP1] [FP1:1] --C2-- [IF2]
    //                    [FP1:2] --C3-- [IF3]
    name: 'test_208_unidirectional_split_paths',
    prefix: 't208',
    topology: { interfaces: ['IF1', 'IF2', 'IF3'], rearPorts: { RP1: 2 }, frontPorts: { 'FP1:1': ['RP1', 1], 'FP1:2': ['RP1', 2] } },
    steps: [
      { create: { C1: ['IF1', 'RP1'] }, paths: [split('IF1 C1 RP1')] },
      {
        create: { C2: ['IF2', 'FP1:1'], C3: ['IF3', 'FP1:2'] },
        paths: [split('IF1 C1 RP1'), complete('IF2 C2 FP1:1 RP1 C1 IF1'), complete('IF3 C3 FP1:2 RP1 C1 IF1')],
      },
      { remove: ['C1'], paths: [partial('IF2 C2 FP1:1 RP1'), partial('IF3 C3 FP1:2 RP1')] },
    ],
  },
  {
    name: 'test_209_rearport_without_frontport', // [IF1] --C1-- [FP1] [RP1] --C2-- [RP2]
    prefix: 't209',
    topology: { interfaces: ['IF1'], rearPorts: { RP1: 1, RP2: 1 }, frontPorts: { FP1: ['RP1', 1] } },
    steps: [{ create: { C1: ['IF1', 'FP1'], C2: ['RP1', 'RP2'] }, paths: [partial('IF1 C1 FP1 RP1 C2 RP2')] }],
  },
  {
    // [IF1] --C1-- [FP1] [RP1] --C2-- [RP3] [FP3] --C3-- [IF2]
    //              [FP2] [RP2]        [RP4] [FP4]
    name: 'test_217_interface_to_interface_via_rear_ports',
    prefix: 't217',
    topology: { interfaces: ['IF1', 'IF2'], ...onePositionPorts(4) },
    steps: [
      {
        create: { C1: ['IF1', ['FP1', 'FP2']], C3: ['IF2', ['FP3', 'FP4']] },
        paths: [partial('IF1 C1 (FP1,FP2) (RP1,RP2)'), partial('IF2 C3 (FP3,FP4) (RP3,RP4)')],
      },
      {
        create: { C2: [['RP1', 'RP2'], ['RP3', 'RP4']] },
        paths: [complete('IF1 C1 (FP1,FP2) (RP1,RP2) C2 (RP3,RP4) (FP3,FP4) C3 IF2'), complete('IF2 C3 (FP3,FP4) (RP3,RP4) C2 (RP1,RP2) (FP1,FP2) C1 IF1')],
      },
      { remove: ['C2'], paths: [kept(partial('IF1 C1 (FP1,FP2) (RP1,RP2)')), kept(partial('IF2 C3 (FP3,FP4) (RP3,RP4)'))] },
    ],
  },
  {
    // [IF1] --C1-- [FP1:1,FP1:2] [RP1] --C3-- [RP2] [FP2:1,FP2:2] --C4-- [IF3]
    // [IF2] --C2-- [FP1:3,FP1:4]                    [FP2:3,FP2:4] --C5-- [IF4]
    name: 'test_218_interfaces_to_interfaces_via_multiposition_rear_ports',
    prefix: 't218',
    topology: {
      interfaces: ['IF1', 'IF2', 'IF3', 'IF4'],
      rearPorts: { RP1: 4, RP2: 4 },
      frontPorts: Object.fromEntries([1, 2].flatMap((rp) => [1, 2, 3, 4].map((p) => [`FP${rp}:${p}`, [`RP${rp}`, p]]))),
    },
    steps: [
      {
        create: { C1: ['IF1', ['FP1:1', 'FP1:2']], C2: ['IF2', ['FP1:3', 'FP1:4']] },
        paths: [partial('IF1 C1 (FP1:1,FP1:2) RP1'), partial('IF2 C2 (FP1:3,FP1:4) RP1')],
      },
      {
        create: { C3: ['RP1', 'RP2'] },
        paths: [partial('IF1 C1 (FP1:1,FP1:2) RP1 C3 RP2 (FP2:1,FP2:2)'), partial('IF2 C2 (FP1:3,FP1:4) RP1 C3 RP2 (FP2:3,FP2:4)')],
      },
      {
        create: { C4: [['FP2:1', 'FP2:2'], 'IF3'], C5: [['FP2:3', 'FP2:4'], 'IF4'] },
        paths: [
          complete('IF1 C1 (FP1:1,FP1:2) RP1 C3 RP2 (FP2:1,FP2:2) C4 IF3'),
          complete('IF2 C2 (FP1:3,FP1:4) RP1 C3 RP2 (FP2:3,FP2:4) C5 IF4'),
          complete('IF3 C4 (FP2:1,FP2:2) RP2 C3 RP1 (FP1:1,FP1:2) C1 IF1'),
          complete('IF4 C5 (FP2:3,FP2:4) RP2 C3 RP1 (FP1:3,FP1:4) C2 IF2'),
        ],
      },
      {
        remove: ['C3'],
        paths: [
          kept(partial('IF1 C1 (FP1:1,FP1:2) RP1')),
          kept(partial('IF2 C2 (FP1:3,FP1:4) RP1')),
          kept(partial('IF3 C4 (FP2:1,FP2:2) RP2')),
          kept(partial('IF4 C5 (FP2:3,FP2:4) RP2')),
        ],
      },
    ],
  },
  {
    // [IF1] --C1-- [FP1] [RP1] --C2-- [RP2] [FP2] --C3-- [IF2]
    //              [FP3] [RP3] --C4-- [RP4] [FP4]
    name: 'test_219_interface_to_interface_duplex_via_multiple_rearports',
    prefix: 't219',
    topology: { interfaces: ['IF1', 'IF2'], ...onePositionPorts(4) },
    steps: [
      { create: { C2: ['RP1', 'RP2'], C4: ['RP3', 'RP4'] }, paths: [] },
      { create: { C1: ['IF1', ['FP1', 'FP3']] }, paths: [partial('IF1 C1 (FP1,FP3) (RP1,RP3) (C2,C4) (RP2,RP4) (FP2,FP4)')] },
      {
        create: { C3: [['FP2', 'FP4'], 'IF2'] },
        paths: [complete('IF1 C1 (FP1,FP3) (RP1,RP3) (C2,C4) (RP2,RP4) (FP2,FP4) C3 IF2'), complete('IF2 C3 (FP2,FP4) (RP2,RP4) (C2,C4) (RP1,RP3) (FP1,FP3) C1 IF1')],
      },
    ],
  },
  {
    // [IF1] --C1-- [FP1] [RP1] --C2-- [RP2] [FP2] --C3-- [IF2]
    // [IF3] --C5-- [FP3] [RP3] --C4-- [RP4] [FP4] --C3--/
    name: 'test_220_interface_to_interface_duplex_via_multiple_front_and_rear_ports',
    prefix: 't220',
    topology: { interfaces: ['IF1', 'IF2', 'IF3'], ...onePositionPorts(4) },
    steps: [
      { create: { C2: ['RP1', 'RP2'], C4: ['RP3', 'RP4'] }, paths: [] },
      { create: { C1: ['IF1', 'FP1'] }, paths: [partial('IF1 C1 FP1 RP1 C2 RP2 FP2')] },
      { create: { C5: ['IF3', 'FP3'] }, paths: [partial('IF1 C1 FP1 RP1 C2 RP2 FP2'), partial('IF3 C5 FP3 RP3 C4 RP4 FP4')] },
      {
        create: { C3: [['FP2', 'FP4'], 'IF2'] },
        paths: [
          complete('IF2 C3 (FP2,FP4) (RP2,RP4) (C2,C4) (RP1,RP3) (FP1,FP3) (C1,C5) (IF1,IF3)'),
          complete('IF1 C1 FP1 RP1 C2 RP2 FP2 C3 IF2'),
          complete('IF3 C5 FP3 RP3 C4 RP4 FP4 C3 IF2'),
        ],
      },
    ],
  },
  {
    // [IF1] --C1-- [FP1] [RP1] --C2-- [RP2] [FP2] --C3-- ------------------------------------ [IF2]
    // [IF3] --C5-- [FP3] [RP3] --C4-- [RP4] [FP4] --C6-- [FP5] [RP5] --C7-- [RP6] [FP6] --C3--/
    name: 'test_221_non_symmetric_paths',
    prefix: 't221',
    topology: { interfaces: ['IF1', 'IF2', 'IF3'], ...onePositionPorts(6) },
    steps: [
      { create: { C2: ['RP1', 'RP2'], C4: ['RP3', 'RP4'], C6: ['FP4', 'FP5'], C7: ['RP5', 'RP6'] }, paths: [] },
      { create: { C1: ['IF1', 'FP1'] }, paths: [partial('IF1 C1 FP1 RP1 C2 RP2 FP2')] },
      { create: { C5: ['IF3', 'FP3'] }, paths: [partial('IF1 C1 FP1 RP1 C2 RP2 FP2'), partial('IF3 C5 FP3 RP3 C4 RP4 FP4 C6 FP5 RP5 C7 RP6 FP6')] },
      {
        // From IF2 the far ends of C1 and C6 are an interface and a front port: split there.
        create: { C3: [['FP2', 'FP6'], 'IF2'] },
        paths: [
          split('IF2 C3 (FP2,FP6) (RP2,RP6) (C2,C7) (RP1,RP5) (FP1,FP5) (C1,C6)'),
          complete('IF1 C1 FP1 RP1 C2 RP2 FP2 C3 IF2'),
          complete('IF3 C5 FP3 RP3 C4 RP4 FP4 C6 FP5 RP5 C7 RP6 FP6 C3 IF2'),
        ],
      },
    ],
  },
  {
    // [IF1] --C1-- [FP1] [RP1] --C2-- [IF2]
    //              [FP2] [RP2]
    name: 'test_222_single_path_via_multiple_singleposition_rear_ports',
    prefix: 't222',
    topology: { interfaces: ['IF1', 'IF2'], ...onePositionPorts(2) },
    steps: [
      { create: { C1: ['IF1', ['FP1', 'FP2']] }, paths: [partial('IF1 C1 (FP1,FP2) (RP1,RP2)')] },
      { create: { C2: [['RP1', 'RP2'], 'IF2'] }, paths: [complete('IF1 C1 (FP1,FP2) (RP1,RP2) C2 IF2'), complete('IF2 C2 (RP1,RP2) (FP1,FP2) C1 IF1')] },
    ],
  },
  {
    // [IF1,IF2] --C1-- [FP1] [RP1] --C2-- [IF3,IF4]
    //                  [FP2] [RP2]
    name: 'test_224_single_path_via_multiple_pass_throughs_with_breakouts',
    prefix: 't224',
    topology: { interfaces: ['IF1', 'IF2', 'IF3', 'IF4'], ...onePositionPorts(2) },
    steps: [
      { create: { C1: [['IF1', 'IF2'], ['FP1', 'FP2']] }, paths: [partial('(IF1,IF2) C1 (FP1,FP2) (RP1,RP2)')] },
      {
        create: { C2: [['RP1', 'RP2'], ['IF3', 'IF4']] },
        paths: [complete('(IF1,IF2) C1 (FP1,FP2) (RP1,RP2) C2 (IF3,IF4)'), complete('(IF3,IF4) C2 (RP1,RP2) (FP1,FP2) C1 (IF1,IF2)')],
      },
    ],
  },
];
