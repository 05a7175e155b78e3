"""What a cgroup run's report says about the page cache: kafka_report.py and rabbitmq_report.py.

The cgroup scripts drop the service's distribution from the page cache before it starts and record
"uncached": true in cgroup.json; an older result has no such field, and its pages were charged elsewhere.
"""


def setup(cgroup):
    """The sentence that says whose pages the cgroup was charged for."""
    if cgroup.get("uncached"):
        return ("Before the service starts, its distribution's files (jars, the AOT cache) leave the page cache, so "
                "that the service reads them in itself and the cgroup is charged for them, as on a container's first "
                "start.")
    return ("The distribution's files were not dropped from the page cache first (a harness before 2026-11-29 18:30 "
            "UTC): pages an earlier process had read (the build's AOT training run) stayed charged to that process, "
            "so the figures below understate what a container's first start is charged.")


def rss_charge(cgroup):
    """What the RSS figure holds beside the cgroup's charge, to follow "the JDK and the AOT cache"."""
    if cgroup.get("uncached"):
        return ", the distribution's pages charged to the cgroup as it read them, the JDK's shared ones not"
    return ", which the cgroup is not charged for"
