package fairslot.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The dependency directions the architecture doc claims, checked on the compiled classes. The code
 * is in rooms by feature ({@code fairslot.booking}, {@code fairslot.payment}, ...), each with the
 * layers domain ← app (services and ports) ← store (its DynamoDB adapter); the shared kernel
 * ({@code fairslot.kernel}: money, time, outcomes, pages) and the table helpers ({@code
 * fairslot.table}) serve them all; handlers alone wire concrete adapters. Across features, a class
 * may use another feature's domain types and public services or ports; only a store may use another
 * feature's store (its item builders), because one transaction takes items of several features.
 */
@AnalyzeClasses(packages = "fairslot", importOptions = ImportOption.DoNotIncludeTests.class)
class LayersTest {
  static final String[] FEATURES = {
    "booking",
    "catalog",
    "finance",
    "idempotency",
    "member",
    "notification",
    "pass",
    "payment",
    "staff",
    "waitlist",
    "privacy",
    "money",
    "webhook",
    "lottery",
    "auth",
    "wallet",
    "membership",
    "coupon"
  };

  @ArchTest
  static final ArchRule everyFeatureHasOnlyTheThreeLayers =
      classes()
          .that()
          .resideInAnyPackage(featurePackages(".."))
          .should()
          .resideInAnyPackage("fairslot.*.domain", "fairslot.*.app", "fairslot.*.store");

  @ArchTest
  static final ArchRule theDomainAndKernelImportOnlyJava =
      classes()
          .that()
          .resideInAnyPackage("fairslot.*.domain..", "fairslot.kernel..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage("java..", "fairslot.*.domain..", "fairslot.kernel..");

  @ArchTest
  static final ArchRule theKernelKnowsNoFeature =
      classes()
          .that()
          .resideInAPackage("fairslot.kernel..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage("java..", "fairslot.kernel..");

  @ArchTest
  static final ArchRule servicesKnowNoAwsSdkJacksonOrAdapter =
      classes()
          .that()
          .resideInAPackage("fairslot.*.app..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(
              "java..", "fairslot.kernel..", "fairslot.*.domain..", "fairslot.*.app..");

  /** A feature's store is its own adapter: services, handlers and other layers never see it. */
  @ArchTest
  static final ArchRule onlyStoresAndHandlersUseAStore =
      noClasses()
          .that()
          .resideOutsideOfPackages("fairslot.*.store..", "fairslot.table..", "fairslot.handler")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("fairslot.*.store..", "fairslot.table..");

  /** The table helpers serve every store and know none. */
  @ArchTest
  static final ArchRule theTableHelpersKnowNoStoreOrService =
      noClasses()
          .that()
          .resideInAPackage("fairslot.table..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("fairslot.*.store..", "fairslot.*.app..");

  /** Small rooms: a package of more than 30 files is a room that should be split. */
  @ArchTest
  static void noPackageHoldsMoreThanThirtyFiles(JavaClasses classes) {
    Map<String, Long> files =
        classes.stream()
            .filter(c -> c.getEnclosingClass().isEmpty() && !c.getSimpleName().isEmpty())
            .collect(Collectors.groupingBy(JavaClass::getPackageName, Collectors.counting()));
    assertThat(files).isNotEmpty();
    assertThat(files.entrySet())
        .as("packages of more than 30 files")
        .filteredOn(e -> e.getValue() > 30)
        .isEmpty();
  }

  @ArchTest
  static final ArchRule nothingBelowTheHandlerImportsIt =
      noClasses()
          .that()
          .resideOutsideOfPackage("fairslot.handler..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("fairslot.handler..");

  @ArchTest
  static final ArchRule storageDoesNotImportMessaging =
      noClasses()
          .that()
          .resideInAnyPackage("fairslot.*.store..", "fairslot.table..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("fairslot.messaging..");

  @ArchTest
  static final ArchRule messagingDoesNotImportStorage =
      noClasses()
          .that()
          .resideInAPackage("fairslot.messaging..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("fairslot.*.store..", "fairslot.table..");

  @ArchTest
  static final ArchRule messagingAdaptersDoNotImportEachOther =
      slices().matching("fairslot.messaging.(*)..").should().notDependOnEachOther();

  /**
   * Shared plumbing (JSON, log lines, the AWS retry policy) serves adapters and handlers, never the
   * reverse.
   */
  @ArchTest
  static final ArchRule sharedPlumbingImportsNoLayerAboveIt =
      noClasses()
          .that()
          .resideInAnyPackage("fairslot.shared..", "fairslot.aws..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "fairslot.*.store..",
              "fairslot.table..",
              "fairslot.messaging..",
              "fairslot.handler..");

  @ArchTest
  static final ArchRule theSharedDefinitionsImportOnlyJava =
      classes()
          .that()
          .resideInAPackage("fairslot.definitions..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage("java..", "fairslot.definitions..");

  /** Endpoints see services and ports only; which store stands behind them is Wiring's business. */
  @ArchTest
  static final ArchRule endpointsDoNotReachIntoTheStore =
      noClasses()
          .that()
          .resideInAnyPackage("fairslot.handler.http..", "fairslot.handler.internal..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "fairslot.*.store..",
              "fairslot.table..",
              "software.amazon.awssdk.services.dynamodb..");

  private static String[] featurePackages(String suffix) {
    String[] out = new String[FEATURES.length];
    for (int i = 0; i < FEATURES.length; i++) {
      out[i] = "fairslot." + FEATURES[i] + suffix;
    }
    return out;
  }
}
