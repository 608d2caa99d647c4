package fairslot.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The dependency direction the README claims, checked on the compiled classes: domain ← app ←
 * adapters (store, messaging) ← handler, which alone wires concrete adapters.
 */
@AnalyzeClasses(packages = "fairslot", importOptions = ImportOption.DoNotIncludeTests.class)
class LayersTest {

  @ArchTest
  static final ArchRule theDomainImportsOnlyJava =
      classes()
          .that()
          .resideInAPackage("fairslot.domain..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage("java..", "fairslot.domain..");

  @ArchTest
  static final ArchRule servicesKnowNoAwsSdkJacksonOrAdapter =
      classes()
          .that()
          .resideInAPackage("fairslot.app..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage("java..", "fairslot.domain..", "fairslot.app..");

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
          .resideInAPackage("fairslot.store..")
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
          .resideInAPackage("fairslot.store..");

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
          .resideInAnyPackage("fairslot.store..", "fairslot.messaging..", "fairslot.handler..");

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
          .resideInAnyPackage("fairslot.store..", "software.amazon.awssdk.services.dynamodb..");
}
