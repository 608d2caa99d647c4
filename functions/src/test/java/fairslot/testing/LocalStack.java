package fairslot.testing;

import fairslot.emulator.AwsEndpoint;
import org.testcontainers.containers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/** A LocalStack container via Testcontainers, for machines with a Docker engine. */
final class LocalStack {
  private LocalStack() {}

  static AwsEndpoint start() {
    @SuppressWarnings("resource") // stopped by Testcontainers' Ryuk when the JVM exits
    LocalStackContainer container =
        new LocalStackContainer(DockerImageName.parse("localstack/localstack:3.8"))
            .withServices(LocalStackContainer.Service.DYNAMODB, LocalStackContainer.Service.SQS);
    container.start();
    return new AwsEndpoint(
        container.getEndpoint(),
        Region.of(container.getRegion()),
        StaticCredentialsProvider.create(
            AwsBasicCredentials.create(container.getAccessKey(), container.getSecretKey())));
  }
}
