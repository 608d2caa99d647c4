package fairslot.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** ./fairslot synth's output passes cfn-lint with no errors (warnings are printed, not fatal). */
class CfnLintIT {

  @Test
  void theSynthesizedTemplateHasNoCfnLintErrors() throws Exception {
    FairslotApp.synthesize("cdk.out");
    Path template = Path.of("cdk.out", "Fairslot.template.json");
    assertThat(template).exists();

    Process lint;
    try {
      lint = new ProcessBuilder("cfn-lint", template.toString()).redirectErrorStream(true).start();
    } catch (IOException missing) {
      throw new AssertionError(
          "cfn-lint is not installed: python3 -m pip install cfn-lint", missing);
    }
    String output = new String(lint.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(lint.waitFor(5, TimeUnit.MINUTES)).isTrue();
    int code = lint.exitValue();
    System.out.println(
        "cfn-lint exit " + code + (output.isBlank() ? " (no findings)" : ":\n" + output));
    // cfn-lint's exit code is a bit field: 2 = errors, 4 = warnings, 8 = informational
    assertThat(code & 2).as(output).isZero();
    assertThat(code & 1).as("cfn-lint failed to run: " + output).isZero();
    assertThat(Files.size(template)).isPositive();
  }
}
