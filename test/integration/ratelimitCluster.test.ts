/** ratelimit.test.ts on a local three-primary Redis Cluster. */
import { runOnRedisCluster } from '../support/redisCluster';

const stopAfter = runOnRedisCluster();
require('./ratelimit.test');
stopAfter();
