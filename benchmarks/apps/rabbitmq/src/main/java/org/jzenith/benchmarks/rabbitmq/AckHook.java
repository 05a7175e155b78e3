package org.jzenith.benchmarks.rabbitmq;

import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The benchmark jar as its own agent ({@code java -javaagent:jzenith-rabbitmq-benchmark.jar -jar
 * ...}): it makes the RabbitMQ client's {@code basicAck(long, boolean)} call {@link
 * AckLatency#acked} once it has sent the {@code basic.ack}, right after the client counts it for its
 * own metrics ({@code MetricsCollector.basicAck}), in {@code ChannelN} and in the recovering
 * connection's {@code RecoveryAwareChannelN}, which sends its acks itself (a stale ack after a
 * recovery, which it drops, is not counted). Every ack either variant sends goes through one of them,
 * so both are measured at the same point in the same client, as Kafka's benchmark does with a
 * consumer interceptor: nothing in jZenith's code is changed or called differently.
 */
public final class AckHook {

    private static final Set<String> CHANNELS =
            Set.of("com/rabbitmq/client/impl/ChannelN", "com/rabbitmq/client/impl/recovery/RecoveryAwareChannelN");
    private static final String COLLECTOR = "com/rabbitmq/client/MetricsCollector";
    private static final Set<String> HOOKED = ConcurrentHashMap.newKeySet();

    private AckHook() {}

    /** Called by the JVM before {@code main}: hooks the client's channel classes when they are loaded. */
    public static void premain(final String arguments, final Instrumentation instrumentation) {
        instrumentation.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(
                    final ClassLoader loader,
                    final String name,
                    final Class<?> redefined,
                    final ProtectionDomain domain,
                    final byte[] bytes) {
                if (!CHANNELS.contains(name)) {
                    return null;
                }
                try {
                    final byte[] transformed = hooked(bytes);
                    HOOKED.add(name);
                    return transformed;
                } catch (final RuntimeException e) {
                    // The JVM drops a transformer's exception silently: say it, and the run fails on installed().
                    System.err.println("AckHook: cannot hook " + name + ": " + e);
                    return null;
                }
            }
        });
    }

    /** Whether the client's {@code basicAck} is hooked: false without {@code -javaagent}, and the run fails. */
    static boolean installed() {
        return HOOKED.containsAll(CHANNELS);
    }

    private static byte[] hooked(final byte[] bytes) {
        final ClassFile files = ClassFile.of();
        final ClassDesc latency = ClassDesc.of(AckLatency.class.getName());
        final MethodTypeDesc acked =
                MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_long, ConstantDescs.CD_boolean);
        return files.transformClass(
                files.parse(bytes),
                ClassTransform.transformingMethodBodies(
                        method -> method.methodName().equalsString("basicAck")
                                && method.methodType().equalsString("(JZ)V"),
                        (code, element) -> {
                            code.with(element);
                            if (element instanceof InvokeInstruction invoke
                                    && invoke.owner().asInternalName().equals(COLLECTOR)
                                    && invoke.name().equalsString("basicAck")) {
                                // after transmit(basic.ack): the ack has left for the broker
                                code.lload(1).iload(3).invokestatic(latency, "acked", acked);
                            }
                        }));
    }
}
