# FirstDiff[d]: probes per ball
# tier paper · m = n and m = 1000n · 100 runs · seed 1 · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' firstdiff-probes.gp   (fmt: png, pdf, svg, tex)
# The data are in firstdiff-probes.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,1071 enhanced font "Sans,19" linewidth 2.5
  set output "firstdiff-probes.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.57in enhanced font "Sans,6.5" linewidth 1
  set output "firstdiff-probes.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,714 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "firstdiff-probes.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.57in linewidth 1
  set output "firstdiff-probes-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'FirstDiff[d]: probes per ball' : 'FirstDiff[d]: probes per ball'
T_x = tex ? 'n (bins)' : 'n (bins)'
T_y = tex ? 'mean probes per ball' : 'mean probes per ball'
T_note0 = tex ? 'tier paper $\cdot$ m = n and m = 1000n $\cdot$ 100 runs $\cdot$ seed 1 $\cdot$ bars: 95\% CI' : 'tier paper · m = n and m = 1000n · 100 runs · seed 1 · bars: 95% CI'
T_s0 = tex ? 'FirstDiff[2] cap=4, m = n' : 'FirstDiff[2] cap=4, m = n'
T_s1 = tex ? 'FirstDiff[2] cap=4, m = 1000n' : 'FirstDiff[2] cap=4, m = 1000n'
T_s2 = tex ? 'FirstDiff[3] cap=9, m = n' : 'FirstDiff[3] cap=9, m = n'
T_s3 = tex ? 'FirstDiff[3] cap=9, m = 1000n' : 'FirstDiff[3] cap=9, m = 1000n'
T_s4 = tex ? 'FirstDiff[4] cap=16, m = n' : 'FirstDiff[4] cap=16, m = n'
T_s5 = tex ? 'FirstDiff[4] cap=16, m = 1000n' : 'FirstDiff[4] cap=16, m = 1000n'
T_s6 = tex ? 'd = 2 (Left[d], Greedy[d] use d)' : 'd = 2 (Left[d], Greedy[d] use d)'
T_s7 = tex ? 'd = 3 (Left[d], Greedy[d] use d)' : 'd = 3 (Left[d], Greedy[d] use d)'
T_s8 = tex ? 'd = 4 (Left[d], Greedy[d] use d)' : 'd = 4 (Left[d], Greedy[d] use d)'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}}', T_title, T_note0) : sprintf("%s\n{/*0.85 %s}", T_title, T_note0))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set logscale x 2
if (tex) { set format x '$%g$' }
if (tex) { set format x '$2^{%L}$' } else { set format x '2^{%L}' }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'firstdiff-probes.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#000000' lw 1.2 dt 1 pt 7 ps P title T_s0, \
  'firstdiff-probes.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#000000' lw 1.2 dt 2 pt 6 ps P title T_s1, \
  'firstdiff-probes.dat' index 2 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s2, \
  'firstdiff-probes.dat' index 3 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 2 pt 4 ps P title T_s3, \
  'firstdiff-probes.dat' index 4 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 1 pt 9 ps P title T_s4, \
  'firstdiff-probes.dat' index 5 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 2 pt 8 ps P title T_s5, \
  'firstdiff-probes.dat' index 6 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 3 title T_s6, \
  'firstdiff-probes.dat' index 7 using 1:2 with lines lc rgb '#E69F00' lw 1.5 dt 3 title T_s7, \
  'firstdiff-probes.dat' index 8 using 1:2 with lines lc rgb '#0072B2' lw 1.5 dt 3 title T_s8
