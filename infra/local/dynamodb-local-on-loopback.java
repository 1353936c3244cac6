import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local bound to 127.0.0.1 (infra/local/dynamodb-local.ts runs this file as a Java
 * source program). The jar has no host option and its Jetty listens on every interface, where
 * anyone on the network could read and write the table without credentials: the server is built
 * as the jar builds it, and its connectors told the host before they start.
 */
public class DynamoDbLocalOnLoopback {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field jetty = DynamoDBProxyServer.class.getDeclaredField("server");
    jetty.setAccessible(true);
    for (Connector connector : ((Server) jetty.get(proxy)).getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
  }
}
