package local.neo4j;

import java.nio.file.Files;
import java.nio.file.Path;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;

/**
 * Neo4j Community, embedded, answering Bolt on 127.0.0.1.
 *
 * Arguments: data directory, Bolt port, page cache in MiB, relationship grouping threshold
 * (db.relationship_grouping_threshold). Auth is off: the server only
 * listens on loopback and exists for development and tests. Prints "READY" once Bolt
 * accepts connections so the launcher can wait for it, and shuts down cleanly on SIGTERM.
 */
public final class Neo4jLocal {
    public static void main(String[] args) throws Exception {
        Path home = Path.of(args.length > 0 ? args[0] : "data").toAbsolutePath();
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 7687;
        long pageCacheMiB = args.length > 2 ? Long.parseLong(args[2]) : 256;
        int groupingThreshold = args.length > 3 ? Integer.parseInt(args[3]) : 50;
        Files.createDirectories(home);

        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(HttpConnector.enabled, false)
                .setConfig(GraphDatabaseSettings.auth_enabled, false)
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(pageCacheMiB))
                .setConfig(GraphDatabaseSettings.dense_node_threshold, groupingThreshold)
                .setConfig(GraphDatabaseSettings.transaction_timeout, java.time.Duration.ofMinutes(10))
                // Timed-out queries are ended at the next monitor check (default every 2 s);
                // traversal deadlines are tighter than that.
                .setConfig(GraphDatabaseSettings.transaction_monitor_check_interval, java.time.Duration.ofMillis(200))
                // At most about 256 MiB of transaction logs older than the last checkpoint are
                // kept (the default keeps 2 days' worth): nothing restores from them here, and a
                // day of loads and re-scoring at 1M entities wrote 69 GB of them.
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "256M size")
                .build();
        Runtime.getRuntime().addShutdownHook(new Thread(dbms::shutdown, "neo4j-shutdown"));
        dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME); // wait until it is online
        System.out.println("READY bolt://127.0.0.1:" + port);
        System.out.flush();
        Thread.currentThread().join();
    }
}
