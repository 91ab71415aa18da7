# Completes a command line with fish's own completion engine (complete -C) and prints the candidates.
#
# Usage: fish --no-config complete.fish SCRIPT 'COMMAND LINE'
#        fish complete.fish --installed 'COMMAND LINE'
#        fish --no-config complete.fish --eval 'COMMAND LINE'
#   SCRIPT       a completion script to source;
#   --installed  let fish find the command's script itself, as a new shell does: run fish without --no-config
#                (the system config.fish sets the completion path: vendor_completions.d under ~/.local/share
#                and under each folder of $XDG_DATA_DIRS), with an empty home;
#   --eval       tvm completion fish | source, as a user's config.fish would (tvm found on PATH).
# Output: one candidate per line: the value, a tab, the description (fish's own format).
set -l script $argv[1]
set -l line $argv[2]
if test "$script" = --eval
    tvm completion fish | source; or exit 3
else if test "$script" != --installed
    source $script; or exit 3
end
complete -C "$line"
