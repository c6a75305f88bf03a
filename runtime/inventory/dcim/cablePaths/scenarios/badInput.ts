/**
 * Issue 22's bad input, and the writes around it: a cable onto an occupied port (made or
 * re-terminated), a front port mapped past its rear port's positions — both refused with
 * NetBox's messages, the stored paths unchanged — a front port mapped anew (its paths retraced
 * in place, as NetBox's update_passthrough_port_paths), a loop through multi-position ports
 * (the trace ends) and a trunk crossed twice at other positions, which is no loop.
 */
import { complete, kept, partial, split, type Case } from './harness.ts';

const duplicate = (type: string, port: string, cable: string) => (id: (name: string) => number) => ({ __all__: [`Duplicate termination found for ${type} ${id(port)}: cable ${id(cable)}`] });

export const cases: Case[] = [
  {
    name: 'a cable onto an occupied port is refused, made or re-terminated; paths stay', // [IF1] --C1-- [FP1] [RP1] --C2-- [IF2]
    prefix: 'occupied',
    topology: { interfaces: ['IF1', 'IF2', 'IF3'], rearPorts: { RP1: 1 }, frontPorts: { FP1: ['RP1', 1] } },
    steps: [
      { create: { C1: ['IF1', 'FP1'], C2: ['RP1', 'IF2'] }, paths: [complete('IF1 C1 FP1 RP1 C2 IF2'), complete('IF2 C2 RP1 FP1 C1 IF1')] },
      { create: { C3: ['IF3', 'FP1'] }, refused: { status: 400, body: duplicate('dcim.frontport', 'FP1', 'C1') } },
      { reterminate: { C2: { b: ['IF1'] } }, refused: { status: 400, body: duplicate('dcim.interface', 'IF1', 'C1') } },
      // Re-terminated onto a free port: the paths follow, IF2 keeps none.
      { reterminate: { C2: { b: ['IF3'] } }, paths: [complete('IF1 C1 FP1 RP1 C2 IF3'), complete('IF3 C2 RP1 FP1 C1 IF1')] },
    ],
  },
  {
    // [IF1] --C1-- [FP1:1] [RP1] --C3-- [RP2] [FP2:1] --C4-- [IF3]
    // [IF2] --C2-- [FP1:2]                    [FP2:2] --C5-- [IF4]
    name: 'a front port mapped past its rear port is refused; mapped anew, its paths are retraced in place',
    prefix: 'remap',
    topology: {
      interfaces: ['IF1', 'IF2', 'IF3', 'IF4'],
      rearPorts: { RP1: 4, RP2: 4 },
      frontPorts: { 'FP1:1': ['RP1', 1], 'FP1:2': ['RP1', 2], 'FP2:1': ['RP2', 1], 'FP2:2': ['RP2', 2] },
    },
    steps: [
      {
        create: { C1: ['IF1', 'FP1:1'], C2: ['IF2', 'FP1:2'], C3: ['RP1', 'RP2'], C4: ['FP2:1', 'IF3'], C5: ['FP2:2', 'IF4'] },
        paths: [
          complete('IF1 C1 FP1:1 RP1 C3 RP2 FP2:1 C4 IF3'),
          complete('IF2 C2 FP1:2 RP1 C3 RP2 FP2:2 C5 IF4'),
          complete('IF3 C4 FP2:1 RP2 C3 RP1 FP1:1 C1 IF1'),
          complete('IF4 C5 FP2:2 RP2 C3 RP1 FP1:2 C2 IF2'),
        ],
      },
      { remap: { 'FP2:2': [[1, 'RP2', 5]] }, refused: { status: 400, body: { rear_ports: ['Invalid rear port position (5): Rear port RP2 has only 4 positions.'] } } },
      {
        // FP2:2 moved to RP2's third position: position 2 of the trunk leads nowhere on RP2's side, position 3 nowhere on RP1's.
        remap: { 'FP2:2': [[1, 'RP2', 3]] },
        paths: [
          complete('IF1 C1 FP1:1 RP1 C3 RP2 FP2:1 C4 IF3'),
          kept(partial('IF2 C2 FP1:2 RP1 C3 RP2')),
          complete('IF3 C4 FP2:1 RP2 C3 RP1 FP1:1 C1 IF1'),
          kept(partial('IF4 C5 FP2:2 RP2 C3 RP1')),
        ],
      },
    ],
  },
  {
    // [IF1] --C1-- [FP1:1] [RP1 (2)] --C2-- [RP3 (1)] [FP3] --C3-- [FP1:2] (back into RP1's second position)
    // Each round pushes position 2 and never pops it: NetBox's from_origin() goes round for ever.
    // Here the path stops, split, after the round that repeats with nothing popped in between.
    name: 'a loop through multi-position ports: the trace ends',
    prefix: 'loop',
    topology: { interfaces: ['IF1'], rearPorts: { RP1: 2, RP3: 1 }, frontPorts: { 'FP1:1': ['RP1', 1], 'FP1:2': ['RP1', 2], FP3: ['RP3', 1] } },
    steps: [
      { create: { C1: ['IF1', 'FP1:1'], C2: ['RP1', 'RP3'] }, paths: [partial('IF1 C1 FP1:1 RP1 C2 RP3 FP3')] },
      { create: { C3: ['FP3', 'FP1:2'] }, paths: [split('IF1 C1 FP1:1 RP1 C2 RP3 FP3 C3 FP1:2 RP1 C2 RP3 FP3 C3 FP1:2 RP1')] },
      { remove: ['C3'], paths: [kept(partial('IF1 C1 FP1:1 RP1 C2 RP3 FP3'))] },
    ],
  },
  {
    // [IF1] --C1-- [FP1:1] [RP1] --C2-- [RP2] [FP2:1] --C3-- back to [FP1:2]
    //                                          [FP2:2] --C4-- [IF2]
    // The trunk C2 is crossed twice from RP1's side, at positions 1 then 2: no loop, the path is complete.
    name: 'a trunk crossed twice at other positions is no loop',
    prefix: 'hairpin',
    topology: { interfaces: ['IF1', 'IF2'], rearPorts: { RP1: 2, RP2: 2 }, frontPorts: { 'FP1:1': ['RP1', 1], 'FP1:2': ['RP1', 2], 'FP2:1': ['RP2', 1], 'FP2:2': ['RP2', 2] } },
    steps: [
      {
        create: { C1: ['IF1', 'FP1:1'], C2: ['RP1', 'RP2'], C3: ['FP2:1', 'FP1:2'], C4: ['FP2:2', 'IF2'] },
        paths: [
          complete('IF1 C1 FP1:1 RP1 C2 RP2 FP2:1 C3 FP1:2 RP1 C2 RP2 FP2:2 C4 IF2'),
          complete('IF2 C4 FP2:2 RP2 C2 RP1 FP1:2 C3 FP2:1 RP2 C2 RP1 FP1:1 C1 IF1'),
        ],
      },
    ],
  },
];
