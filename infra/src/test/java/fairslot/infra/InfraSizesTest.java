package fairslot.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Small files with one job in the stack too (issue 61): no class of infra over 300 lines. */
class InfraSizesTest {
  @Test
  void noMainClassIsOverThreeHundredLines() throws IOException {
    List<Path> sources;
    try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
      sources = files.filter(f -> f.toString().endsWith(".java")).toList();
    }
    Map<String, Integer> over = new TreeMap<>();
    for (Path file : sources) {
      int lines = Files.readAllLines(file).size();
      if (lines > 300) {
        over.put(file.toString(), lines);
      }
    }
    assertThat(sources).hasSizeGreaterThan(10);
    assertThat(over).as("main classes over 300 lines").isEmpty();
  }
}
