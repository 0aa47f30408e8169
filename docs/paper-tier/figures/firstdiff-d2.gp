# FirstDiff, Left and Greedy, d = 2
# tier paper · m = n and m = 1000n · 100 runs · seed 1 · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' firstdiff-d2.gp   (fmt: png, pdf, svg, tex)
# The data are in firstdiff-d2.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,954 enhanced font "Sans,19" linewidth 2.5
  set output "firstdiff-d2.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.18in enhanced font "Sans,6.5" linewidth 1
  set output "firstdiff-d2.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,636 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "firstdiff-d2.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.18in linewidth 1
  set output "firstdiff-d2-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'FirstDiff, Left and Greedy, d = 2' : 'FirstDiff, Left and Greedy, d = 2'
T_x = tex ? 'n (bins)' : 'n (bins)'
T_y = tex ? 'mean gap (max load $-$ m/n)' : 'mean gap (max load − m/n)'
T_note0 = tex ? 'tier paper $\cdot$ m = n and m = 1000n $\cdot$ 100 runs $\cdot$ seed 1 $\cdot$ bars: 95\% CI' : 'tier paper · m = n and m = 1000n · 100 runs · seed 1 · bars: 95% CI'
T_s0 = tex ? 'FirstDiff[2] cap=4, m = n' : 'FirstDiff[2] cap=4, m = n'
T_s1 = tex ? 'FirstDiff[2] cap=4, m = 1000n' : 'FirstDiff[2] cap=4, m = 1000n'
T_s2 = tex ? 'Left[2], m = n' : 'Left[2], m = n'
T_s3 = tex ? 'Left[2], m = 1000n' : 'Left[2], m = 1000n'
T_s4 = tex ? 'Greedy[2], m = n' : 'Greedy[2], m = n'
T_s5 = tex ? 'Greedy[2], m = 1000n' : 'Greedy[2], m = 1000n'

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
  'firstdiff-d2.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#000000' lw 1.2 dt 1 pt 7 ps P title T_s0, \
  'firstdiff-d2.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#000000' lw 1.2 dt 2 pt 6 ps P title T_s1, \
  'firstdiff-d2.dat' index 2 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s2, \
  'firstdiff-d2.dat' index 3 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 2 pt 4 ps P title T_s3, \
  'firstdiff-d2.dat' index 4 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 1 pt 9 ps P title T_s4, \
  'firstdiff-d2.dat' index 5 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 2 pt 8 ps P title T_s5
