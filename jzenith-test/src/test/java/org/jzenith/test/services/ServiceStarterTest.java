package org.jzenith.test.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServiceStarterTest {

    private final FakeMachine machine = new FakeMachine();
    private final ServiceStarter starter = new ServiceStarter(machine, Duration.ofMillis(300));

    @Test
    void aRunningServiceIsLeftAsItIs() {
        machine.installed("pg_ctlcluster", "redis-server", "start-stop-daemon", "mariadbd");
        machine.open.addAll(List.of(5432, 3306, 6379));

        starter.ensureRunning(LocalService.REDIS);
        starter.ensureRunning(LocalService.POSTGRESQL); // no psql: nothing to check

        assertThat(machine.ran).isEmpty();
    }

    @Test
    void startsTheNewestPostgresqlClusterAndCreatesTheTestDatabaseWhenMissing() {
        machine.installed("pg_ctlcluster", "psql").opens("pg_ctlcluster", 5432);
        machine.folders.put(Path.of("/etc/postgresql"), List.of("9.6", "13", "15", "notes"));
        machine.behaviour.put("psql", command -> new Commands.Result(command, 0, ""));

        starter.ensureRunning(LocalService.POSTGRESQL);

        assertThat(machine.ran).first().isEqualTo("/usr/bin/pg_ctlcluster --skip-systemctl-redirect 15 main start");
        assertThat(machine.ran)
                .anySatisfy(line -> assertThat(line).contains("psql").contains("-h 127.0.0.1 -p 5432 -U postgres"))
                .anySatisfy(line -> assertThat(line).endsWith("-c 'CREATE DATABASE test'"));
    }

    @Test
    void leavesAnExistingTestDatabaseAlone() {
        machine.installed("psql");
        machine.open.add(5432);
        machine.behaviour.put("psql", command -> new Commands.Result(command, 0, "1\n"));

        starter.ensureRunning(LocalService.POSTGRESQL);

        assertThat(machine.ran).hasSize(1).allSatisfy(line -> assertThat(line).contains("SELECT 1"));
    }

    @Test
    void saysWhatToInstallWhenPostgresqlIsMissing() {
        assertThatThrownBy(() -> starter.ensureRunning(LocalService.POSTGRESQL))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("PostgreSQL does not accept connections on 127.0.0.1:5432, and it is not"
                        + " installed here to start (pg_ctlcluster is not on the PATH)")
                .hasMessageContaining("Install it: apt-get install -y postgresql");

        machine.installed("pg_ctlcluster");
        assertThatThrownBy(() -> starter.ensureRunning(LocalService.POSTGRESQL))
                .hasMessageContaining("there is no cluster in /etc/postgresql");
        assertThat(machine.ran).isEmpty();
    }

    @Test
    void namesTheCommandToRunAsRootWhenStartingNeedsIt() {
        machine.root = false;
        machine.installed("pg_ctlcluster", "mariadbd", "start-stop-daemon", "redis-server");
        machine.folders.put(Path.of("/etc/postgresql"), List.of("15"));

        assertThatThrownBy(() -> starter.ensureRunning(LocalService.POSTGRESQL))
                .hasMessageContaining("starting it needs root")
                .hasMessageEndingWith("Start it: sudo /usr/bin/pg_ctlcluster --skip-systemctl-redirect 15 main start");
        assertThatThrownBy(() -> starter.ensureRunning(LocalService.MARIADB))
                .hasMessageEndingWith(
                        "Start it: sudo /usr/bin/start-stop-daemon --start --oknodo --background --exec /usr/bin/mariadbd");
        assertThatThrownBy(() -> starter.ensureRunning(LocalService.REDIS))
                .hasMessageContaining("needs to write /var/lib/redis and /var/log/redis")
                .hasMessageContaining("sudo /usr/bin/redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379"
                        + " --save '' --appendonly no");
        assertThat(machine.ran).isEmpty();
    }

    @Test
    void startsMariadbWithItsRunFolderAndMakesSureOfTheTestDatabase() {
        machine.installed("mariadbd", "start-stop-daemon", "mariadb").opens("start-stop-daemon", 3306);

        starter.ensureRunning(LocalService.MARIADB);

        assertThat(machine.ran)
                .containsExactly(
                        "install -d -o mysql -g mysql -m 0755 /run/mysqld",
                        "/usr/bin/start-stop-daemon --start --oknodo --background --exec /usr/bin/mariadbd",
                        "/usr/bin/mariadb -h 127.0.0.1 -P 3306 -u root -e 'CREATE DATABASE IF NOT EXISTS test'");
    }

    @Test
    void startsRedisWithoutPersistence() {
        machine.installed("redis-server").opens("redis-server", 6379);
        machine.writable.addAll(List.of(Path.of("/var/lib/redis"), Path.of("/var/log/redis")));

        starter.ensureRunning(LocalService.REDIS);

        assertThat(machine.ran)
                .containsExactly("/usr/bin/redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save ''"
                        + " --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log");
    }

    @Test
    void saysSoWhenThePortStaysClosedAfterStarting() {
        machine.installed("redis-server");
        machine.writable.addAll(List.of(Path.of("/var/lib/redis"), Path.of("/var/log/redis")));
        machine.behaviour.put("redis-server", command -> new Commands.Result(command, 1, "Address already in use"));

        assertThatThrownBy(() -> starter.ensureRunning(LocalService.REDIS))
                .hasMessageStartingWith("Redis still does not accept connections on 127.0.0.1:6379 0 s after")
                .hasMessageEndingWith("exited 1 and printed: Address already in use");
    }

    @Test
    void startsDebiansRabbitmqDetachedAsRoot() {
        machine.installed("rabbitmq-server").opens("rabbitmq-server", 5672);

        starter.ensureRunning(LocalService.RABBITMQ);

        assertThat(machine.ran).containsExactly("/usr/bin/rabbitmq-server -detached");
    }

    @Test
    void saysHowToStartRabbitmqWhenNotRoot() {
        machine.installed("rabbitmq-server");
        machine.root = false;

        assertThatThrownBy(() -> starter.ensureRunning(LocalService.RABBITMQ))
                .hasMessageStartingWith("RabbitMQ does not accept connections on 127.0.0.1:5672, and starting it"
                        + " needs root (it runs as the system user rabbitmq)")
                .hasMessageEndingWith("Start it: sudo /usr/bin/rabbitmq-server -detached");
        assertThat(machine.ran).isEmpty();
    }
}
