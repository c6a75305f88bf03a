/**
 * NetBox's test_cablepaths.py 101–104, 120–121: one cable between path endpoints, one or several
 * at each end; the cable deleted leaves no path.
 */
import { complete, type Case } from './harness.ts';

export const cases: Case[] = [
  {
    name: 'test_101_interface_to_interface', // [IF1] --C1-- [IF2]
    prefix: 't101',
    topology: { interfaces: ['IF1', 'IF2'] },
    steps: [
      { create: { C1: ['IF1', 'IF2'] }, paths: [complete('IF1 C1 IF2'), complete('IF2 C1 IF1')] },
      { remove: ['C1'], paths: [] },
    ],
  },
  {
    name: 'test_102_consoleport_to_consoleserverport', // [CP1] --C1-- [CSP1]
    prefix: 't102',
    topology: { consolePorts: ['CP1'], consoleServerPorts: ['CSP1'] },
    steps: [
      { create: { C1: ['CP1', 'CSP1'] }, paths: [complete('CP1 C1 CSP1'), complete('CSP1 C1 CP1')] },
      { remove: ['C1'], paths: [] },
    ],
  },
  {
    name: 'test_103_powerport_to_poweroutlet', // [PP1] --C1-- [PO1]
    prefix: 't103',
    topology: { powerPorts: ['PP1'], powerOutlets: ['PO1'] },
    steps: [
      { create: { C1: ['PP1', 'PO1'] }, paths: [complete('PP1 C1 PO1'), complete('PO1 C1 PP1')] },
      { remove: ['C1'], paths: [] },
    ],
  },
  {
    name: 'test_104_powerport_to_powerfeed', // [PP1] --C1-- [PF1]
    prefix: 't104',
    topology: { powerPorts: ['PP1'], powerFeeds: ['PF1'] },
    steps: [
      { create: { C1: ['PP1', 'PF1'] }, paths: [complete('PP1 C1 PF1'), complete('PF1 C1 PP1')] },
      { remove: ['C1'], paths: [] },
    ],
  },
  {
    name: 'test_120_single_interface_to_multi_interface', // [IF1] --C1-- [IF2] [IF3]
    prefix: 't120',
    topology: { interfaces: ['IF1', 'IF2', 'IF3'] },
    steps: [
      { create: { C1: ['IF1', ['IF2', 'IF3']] }, paths: [complete('IF1 C1 (IF2,IF3)'), complete('(IF2,IF3) C1 IF1')] },
      { remove: ['C1'], paths: [] },
    ],
  },
  {
    name: 'test_121_multi_interface_to_multi_interface', // [IF1] [IF2] --C1-- [IF3] [IF4]
    prefix: 't121',
    topology: { interfaces: ['IF1', 'IF2', 'IF3', 'IF4'] },
    steps: [
      { create: { C1: [['IF1', 'IF2'], ['IF3', 'IF4']] }, paths: [complete('(IF1,IF2) C1 (IF3,IF4)'), complete('(IF3,IF4) C1 (IF1,IF2)')] },
      { remove: ['C1'], paths: [] },
    ],
  },
];
