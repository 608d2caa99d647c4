package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.definitions.Fairslot;
import fairslot.definitions.QueueDefinition;
import fairslot.definitions.ScheduleDefinition;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** The deployment artifact: every handler the stack names is in it, the local stand-ins are not. */
class LambdaJarIT {
  private static List<String> entries() throws Exception {
    File[] jars = new File("target").listFiles((dir, name) -> name.endsWith("-lambda.jar"));
    assertThat(jars).as("the shaded Lambda jar is built in package").hasSize(1);
    List<String> names = new ArrayList<>();
    try (JarFile jar = new JarFile(jars[0])) {
      jar.stream().forEach(e -> names.add(e.getName()));
    }
    return names;
  }

  private static String classFile(String className) {
    return className.replace('.', '/') + ".class";
  }

  @Test
  void everyDeployedHandlerIsInTheJarAndNoLocalStandInIs() throws Exception {
    List<String> names = entries();
    List<String> handlers = new ArrayList<>();
    handlers.add("fairslot.handler.HttpApiHandler");
    handlers.add(Fairslot.BOOKING_DLQ_HANDLER);
    Fairslot.QUEUES.stream().map(QueueDefinition::consumerHandler).forEach(handlers::add);
    Fairslot.SCHEDULES.stream().map(ScheduleDefinition::handler).forEach(handlers::add);

    assertThat(names).containsAll(handlers.stream().map(LambdaJarIT::classFile).toList());
    assertThat(names)
        .noneMatch(n -> n.startsWith("fairslot/messaging/payments/LocalPaymentProvider"))
        .noneMatch(n -> n.startsWith("fairslot/messaging/payments/WebhookSender"))
        .noneMatch(n -> n.startsWith("fairslot/messaging/notifications/LocalNotificationSender"));
  }
}
