/** Every contract a store must pass (documents, auth, releases, approvals, telemetry, decisions, clock), for one kind of store. */
import { describeStoreContract } from './store-contract.js';
import { describeAuthContract } from './auth-contract.js';
import { describeReleaseContract } from './release-contract.js';
import { describeApprovalContract } from './approval-contract.js';
import { describeTelemetryContract } from './telemetry-contract.js';
import { describeDecisionContract } from './decision-contract.js';
import { describeClockContract } from './clock-contract.js';
import { describeExperimentContract } from './experiment-contract.js';
import type { StoreFactory } from './store-factory.js';

export function describeStoreContracts(
  name: string,
  factory: () => StoreFactory,
  telemetry: Parameters<typeof describeTelemetryContract>[2],
) {
  describeStoreContract(name, factory);
  describeAuthContract(name, factory);
  describeReleaseContract(name, factory);
  describeApprovalContract(name, factory);
  describeTelemetryContract(name, factory, telemetry);
  describeDecisionContract(name, factory, telemetry);
  describeClockContract(name, factory);
  describeExperimentContract(name, factory);
}
