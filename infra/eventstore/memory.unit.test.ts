import { eventStoreContract } from '../../test/contract/eventstore.contract.js';
import { MemoryEventStore } from './memory.js';

describe('MemoryEventStore', () => {
  eventStoreContract(async () => new MemoryEventStore());
});
