package fairslot.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one-way order of features (docs/architecture.md), checked on the compiled classes: a feature
 * depends only on features below it, so none depends on another both ways and the features form no
 * cycle. Where a lower feature must reach a higher one, it owns a port that the higher one answers,
 * or it publishes an event.
 */
@AnalyzeClasses(packages = "fairslot", importOptions = ImportOption.DoNotIncludeTests.class)
class FeatureOrderTest {

  /** Bottom to top. */
  static final List<String> ORDER =
      List.of(
          "kernel",
          "definitions",
          "shared",
          "aws",
          "emulator",
          "table",
          "auth",
          "idempotency",
          "privacy",
          "money",
          "member",
          "notification",
          "catalog",
          "waitlist",
          "pass",
          "wallet",
          "membership",
          "coupon",
          "booking",
          "lottery",
          "payment",
          "finance",
          "staff",
          "webhook",
          "messaging",
          "handler");

  @ArchTest
  static void everyFeatureDependsOnlyOnFeaturesBelowIt(JavaClasses classes) {
    Set<String> backEdges = new TreeSet<>();
    for (JavaClass origin : classes) {
      Optional<String> from = feature(origin);
      if (from.isEmpty()) {
        continue;
      }
      for (Dependency d : origin.getDirectDependenciesFromSelf()) {
        Optional<String> to = feature(d.getTargetClass());
        if (to.isPresent()
            && !to.get().equals(from.get())
            && ORDER.indexOf(to.get()) > ORDER.indexOf(from.get())) {
          backEdges.add(
              from.get()
                  + "."
                  + topLevel(origin)
                  + " -> "
                  + to.get()
                  + "."
                  + topLevel(d.getTargetClass()));
        }
      }
    }
    assertThat(backEdges)
        .as("dependencies up the feature order (own a port or publish an event)")
        .isEmpty();
  }

  /**
   * The same, as ArchUnit's own rule: no two packages under fairslot reach each other in a ring.
   */
  @ArchTest
  static final ArchRule featuresFormNoCycle =
      slices().matching("fairslot.(*)..").should().beFreeOfCycles();

  @ArchTest
  static void everyFeatureHasAPlaceInTheOrder(JavaClasses classes) {
    Set<String> unplaced = new TreeSet<>();
    for (JavaClass c : classes) {
      String[] parts = c.getPackageName().split("\\.");
      if (parts.length > 1 && parts[0].equals("fairslot") && !ORDER.contains(parts[1])) {
        unplaced.add(parts[1]);
      }
    }
    assertThat(unplaced).as("features missing from ORDER").isEmpty();
  }

  private static Optional<String> feature(JavaClass c) {
    String[] parts = c.getPackageName().split("\\.");
    return parts.length > 1 && parts[0].equals("fairslot") && ORDER.contains(parts[1])
        ? Optional.of(parts[1])
        : Optional.empty();
  }

  private static String topLevel(JavaClass c) {
    String name = c.getName();
    String simple = name.substring(name.lastIndexOf('.') + 1);
    int nested = simple.indexOf('$');
    return nested < 0 ? simple : simple.substring(0, nested);
  }
}
