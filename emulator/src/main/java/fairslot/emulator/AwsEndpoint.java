package fairslot.emulator;

import java.net.URI;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Where the AWS APIs are: the embedded emulator, or whatever AWS_ENDPOINT_URL names (a LocalStack
 * or Floci container, or real AWS with the default credential chain). DynamoDB (and its streams)
 * may be elsewhere: {@code dynamoDbUri} is dynoxide's, or AWS_ENDPOINT_URL_DYNAMODB's (the SDK's
 * own name for a service's endpoint), while SQS, EventBridge, SES and SNS stay on {@code uri}.
 */
public record AwsEndpoint(
    URI uri, Region region, AwsCredentialsProvider credentials, URI dynamoDbUri) {

  public AwsEndpoint(URI uri, Region region, AwsCredentialsProvider credentials) {
    this(uri, region, credentials, uri);
  }

  /** The SDK's standard variable for DynamoDB's endpoint apart from the other services. */
  public static final String DYNAMODB_ENDPOINT_ENV = "AWS_ENDPOINT_URL_DYNAMODB";

  static {
    // The JDK keeps only 5 idle keep-alive connections per host. The local runtime and the tests
    // call the emulator from hundreds of threads; with 5, nearly every call opens and closes a
    // connection, and a burst of 2,000 requests made the emulator drop connections. (A Lambda
    // container serves one request at a time, so this only matters off AWS.)
    if (System.getProperty("http.maxConnections") == null) {
      System.setProperty("http.maxConnections", "512");
    }
  }

  /** The emulator accepts any credentials; these keep the SDK from looking for real ones. */
  public static AwsEndpoint emulator(URI uri) {
    return new AwsEndpoint(
        uri,
        Region.US_EAST_1,
        StaticCredentialsProvider.create(AwsBasicCredentials.create("testing", "testing")));
  }

  /**
   * AWS_ENDPOINT_URL if it is set, with region from AWS_REGION and the default credential chain.
   */
  public static Optional<AwsEndpoint> fromEnvironment() {
    return Optional.ofNullable(System.getenv("AWS_ENDPOINT_URL"))
        .filter(s -> !s.isBlank())
        .map(
            url ->
                new AwsEndpoint(
                        URI.create(url),
                        Region.of(
                            Optional.ofNullable(System.getenv("AWS_REGION")).orElse("us-east-1")),
                        DefaultCredentialsProvider.builder().build())
                    .withDynamoDb(dynamoDbFromEnvironment()));
  }

  /** AWS_ENDPOINT_URL_DYNAMODB, if it is set. */
  public static Optional<URI> dynamoDbFromEnvironment() {
    return Optional.ofNullable(System.getenv(DYNAMODB_ENDPOINT_ENV))
        .filter(s -> !s.isBlank())
        .map(URI::create);
  }

  /** The same endpoint with DynamoDB and its streams at {@code dynamoDb}, when given. */
  public AwsEndpoint withDynamoDb(Optional<URI> dynamoDb) {
    return dynamoDb.map(d -> new AwsEndpoint(uri, region, credentials, d)).orElse(this);
  }

  /** Whether DynamoDB is served apart from the other services (dynoxide beside moto). */
  public boolean dynamoDbApart() {
    return !dynamoDbUri.equals(uri);
  }

  public EventBridgeClient eventBridge() {
    return eventBridge(ClientOverrideConfiguration.builder().build());
  }

  /**
   * With {@code overrides}: the functions pass their one retry policy (fairslot.aws.AwsRetries).
   */
  public EventBridgeClient eventBridge(ClientOverrideConfiguration overrides) {
    return pointed(EventBridgeClient.builder(), overrides).build();
  }

  /** Reads the table's stream (the local runtime's stand-in for Lambda's event source mapping). */
  public DynamoDbStreamsClient dynamoDbStreams() {
    return pointed(
            DynamoDbStreamsClient.builder(),
            ClientOverrideConfiguration.builder().build(),
            dynamoDbUri)
        .build();
  }

  public SqsClient sqs() {
    return sqs(ClientOverrideConfiguration.builder().build());
  }

  public SqsClient sqs(ClientOverrideConfiguration overrides) {
    return pointed(SqsClient.builder(), overrides).build();
  }

  public software.amazon.awssdk.services.sesv2.SesV2Client sesV2(
      ClientOverrideConfiguration overrides) {
    return pointed(software.amazon.awssdk.services.sesv2.SesV2Client.builder(), overrides).build();
  }

  public software.amazon.awssdk.services.sns.SnsClient sns(ClientOverrideConfiguration overrides) {
    return pointed(software.amazon.awssdk.services.sns.SnsClient.builder(), overrides).build();
  }

  public DynamoDbClient dynamoDb() {
    return dynamoDb(ClientOverrideConfiguration.builder().build());
  }

  public DynamoDbClient dynamoDb(ClientOverrideConfiguration overrides) {
    return pointed(DynamoDbClient.builder(), overrides, dynamoDbUri).build();
  }

  /** Every client: this endpoint, region and credentials, the URL-connection HTTP client. */
  private <B extends AwsClientBuilder<B, ?> & AwsSyncClientBuilder<B, ?>> B pointed(
      B builder, ClientOverrideConfiguration overrides) {
    return pointed(builder, overrides, uri);
  }

  private <B extends AwsClientBuilder<B, ?> & AwsSyncClientBuilder<B, ?>> B pointed(
      B builder, ClientOverrideConfiguration overrides, URI at) {
    return builder
        .endpointOverride(at)
        .region(region)
        .credentialsProvider(credentials)
        .httpClient(UrlConnectionHttpClient.create())
        .overrideConfiguration(overrides);
  }
}
