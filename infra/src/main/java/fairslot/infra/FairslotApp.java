package fairslot.infra;

import java.nio.file.Files;
import java.nio.file.Path;
import software.amazon.awscdk.App;
import software.amazon.awscdk.AppProps;
import software.amazon.awscdk.Environment;
import software.amazon.awscdk.StackProps;

/**
 * {@code ./fairslot synth} (and {@code npx aws-cdk deploy}) run this. Context: {@code stage}
 * ({@code dev} turns off deletion protection and retention), {@code lambdaJar} (the functions'
 * shaded jar; built by {@code ./fairslot build}).
 */
public final class FairslotApp {
  static final String DEFAULT_JAR =
      "../functions/target/fairslot-functions-0.1.0-SNAPSHOT-lambda.jar";

  private FairslotApp() {}

  public static App synthesize(String outdir) {
    App app = new App(AppProps.builder().outdir(outdir).build());
    String stage =
        String.valueOf(
            app.getNode().tryGetContext("stage") == null
                ? "prod"
                : app.getNode().tryGetContext("stage"));
    Object jar = app.getNode().tryGetContext("lambdaJar");
    String lambdaJar = jar == null ? DEFAULT_JAR : jar.toString();
    if (!Files.exists(Path.of(lambdaJar))) {
      throw new IllegalStateException(lambdaJar + " is missing: run ./fairslot build first");
    }
    new FairslotStack(
        app,
        "Fairslot",
        StackProps.builder()
            .env(
                Environment.builder()
                    .account(System.getenv("CDK_DEFAULT_ACCOUNT"))
                    .region(System.getenv("CDK_DEFAULT_REGION"))
                    .build())
            .description("fairslot: capacity-limited slot booking (" + stage + ")")
            .build(),
        lambdaJar,
        stage);
    app.synth();
    return app;
  }

  public static void main(String[] args) {
    synthesize(System.getenv().getOrDefault("CDK_OUTDIR", "cdk.out"));
  }
}
