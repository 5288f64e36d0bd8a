package local.neo4j;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;
import org.neo4j.server.configuration.ConfigurableServerModules;
import org.neo4j.server.configuration.ServerSettings;

/**
 * Neo4j Community, embedded, answering Bolt on 127.0.0.1.
 *
 * Arguments: data directory, Bolt port, page cache in MiB, relationship grouping threshold
 * (db.relationship_grouping_threshold), and optionally a Browser HTTP port (0 or absent: none)
 * and the URL of a guide the Browser plays once connected. Auth is off: the server only
 * listens on loopback and exists for development and tests. Prints "READY" once Bolt
 * accepts connections so the launcher can wait for it, and shuts down cleanly on SIGTERM.
 */
public final class Neo4jLocal {
    public static void main(String[] args) throws Exception {
        Path home = Path.of(args.length > 0 ? args[0] : "data").toAbsolutePath();
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 7687;
        long pageCacheMiB = args.length > 2 ? Long.parseLong(args[2]) : 256;
        int groupingThreshold = args.length > 3 ? Integer.parseInt(args[3]) : 50;
        int browserPort = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        String guideUrl = args.length > 5 && !args[5].isEmpty() ? args[5] : null;
        Files.createDirectories(home);

        DatabaseManagementServiceBuilder builder = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                // What the Browser is told to connect to (the default names "localhost").
                .setConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", port))
                .setConfig(HttpConnector.enabled, false)
                .setConfig(GraphDatabaseSettings.auth_enabled, false)
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(pageCacheMiB))
                .setConfig(GraphDatabaseSettings.dense_node_threshold, groupingThreshold)
                .setConfig(GraphDatabaseSettings.transaction_timeout, Duration.ofMinutes(10))
                // Timed-out queries are ended at the next monitor check (default every 2 s);
                // traversal deadlines are tighter than that.
                .setConfig(GraphDatabaseSettings.transaction_monitor_check_interval, Duration.ofMillis(200))
                // At most about 256 MiB of transaction logs older than the last checkpoint are
                // kept (the default keeps 2 days' worth): nothing restores from them here, and a
                // day of loads and re-scoring at 1M entities wrote 69 GB of them.
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "256M size");
        if (browserPort > 0) withBrowser(builder, port, browserPort, guideUrl);

        DatabaseManagementService dbms = builder.build();
        Runtime.getRuntime().addShutdownHook(new Thread(dbms::shutdown, "neo4j-shutdown"));
        dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME); // wait until it is online
        System.out.println("READY bolt://127.0.0.1:" + port
                + (browserPort > 0 ? " browser http://127.0.0.1:" + browserPort + "/browser/" : ""));
        System.out.flush();
        Thread.currentThread().join();
    }

    /**
     * Neo4j Browser (the neo4j-browser jar on the classpath) at http://127.0.0.1:PORT/browser/,
     * and nothing else over HTTP: the HTTP Cypher endpoints stay off, so with auth off the only
     * way in is Bolt, as without the Browser. Its page may reach only this server and the guide's
     * origin (no fonts, analytics or feedback scripts from elsewhere); it fetches guides from the
     * guide's host only, and plays that guide once connected.
     */
    private static void withBrowser(DatabaseManagementServiceBuilder builder, int boltPort, int browserPort, String guideUrl) {
        URI guide = guideUrl == null ? null : URI.create(guideUrl);
        String guideOrigin = guide == null ? "" : " " + guide.getScheme() + "://" + guide.getAuthority();
        String csp = "default-src 'self'; script-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                + "font-src 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'; "
                + "connect-src 'self' ws://127.0.0.1:" + boltPort + " http://127.0.0.1:" + boltPort + guideOrigin;
        builder.setConfig(HttpConnector.enabled, true)
                .setConfig(HttpConnector.listen_address, new SocketAddress("127.0.0.1", browserPort))
                .setConfig(HttpConnector.advertised_address, new SocketAddress("127.0.0.1", browserPort))
                .setConfig(ServerSettings.http_enabled_modules, Set.of(ConfigurableServerModules.BROWSER))
                .setConfig(ServerSettings.http_access_control_allow_origin, "http://127.0.0.1:" + browserPort)
                .setConfig(ServerSettings.http_static_content_security_policy, csp)
                .setConfig(ServerSettings.allow_telemetry, false);
        if (guide == null) {
            builder.setConfig(ServerSettings.browser_remote_content_hostname_whitelist, "localhost");
            return;
        }
        builder.setConfig(ServerSettings.browser_remote_content_hostname_whitelist, guide.getScheme() + "://" + guide.getHost())
                .setConfig(ServerSettings.browser_post_connect_cmd, "play " + guideUrl);
    }
}
